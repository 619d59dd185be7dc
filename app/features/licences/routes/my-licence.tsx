import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert, Notice } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { requestContext } from "#app/.server/http/request-context";
import { isLicenceError } from "#app/features/licences/.server";
import { LicenceFields } from "#app/features/licences/components/licence";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useNotice, useSavedFormKey } from "#app/utils/notice";
import { useLang } from "#app/utils/use-lang";
import { usePending } from "#app/utils/use-pending";

/**
 * /ajustes/mi-titulacion: the boating licence kept on the person's profile (issue 49, part 3) —
 * type, number, expiry and a photo — which the booking summary fills in for a boat that needs
 * one. One multipart form saves it (`intent=save`; a new photo replaces the kept one), another
 * removes it (`intent=remove`). The copies given with bookings stay with those bookings.
 */
export const handle = { i18n: ["licences"] };

const SAVED = "licences:settings.saved";
const REMOVED = "licences:settings.removed";

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "licences");
  const user = await ctx.requireUser();
  const saved = await ctx.services.licences.get(user.uid);
  return {
    meta: { title: ctx.t("settings.meta.title"), description: ctx.t("settings.intro") },
    licence: saved
      ? { type: saved.type, number: saved.number, expiresOn: saved.expiresOn, photoUrl: saved.photo ? href("my-licence-photo", { params: { uid: user.uid, photoId: saved.photo.id } }) : null }
      : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "licences");
  const user = await ctx.requireUser({ checkRevoked: true });
  const form = await ctx.formData();
  const intent = form.get("intent");
  const to = href("settings-licence", { lang: ctx.lang });
  if (intent === "remove") {
    await ctx.services.licences.remove(user.uid);
    return ctx.redirectWithNotice(to, { key: REMOVED });
  }
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const values = { type: text("licenceType", 40), number: text("licenceNumber", 200), expiresOn: text("licenceExpiresOn", 10) };
  if (intent !== "save") return data({ message: ctx.t("errors.unknownForm"), errors: {}, values, photoSent: false }, { status: 400 });
  const file = form.get("licencePhoto");
  const photo = file && typeof file !== "string" && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  try {
    await ctx.services.licences.save(user.uid, { ...values, photo });
  } catch (error) {
    if (!isLicenceError(error) || !error.field) throw error;
    const message = ctx.t(`errors.${error.field}.${["required", "format", "too-large"].includes(error.reason) ? error.reason : "unreadable"}`);
    return data({ message, errors: { [error.field]: message } as Record<string, string>, values, photoSent: photo !== null }, { status: 400 });
  }
  return ctx.redirectWithNotice(to, { key: SAVED });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function MyLicence() {
  const { t } = useTranslation("licences");
  const lang = useLang();
  const { licence } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const notice = useNotice(SAVED, REMOVED);
  const formKey = useSavedFormKey(SAVED, REMOVED);
  const busy = usePending({ untilIdle: true });
  return (
    <main id="main" className="space-y-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("settings.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("settings.intro")}</p>
      </header>
      {notice && !refusal ? <Notice>{notice.text}</Notice> : null}
      <section aria-labelledby="licence-form-title" className={cardClass()}>
        <h2 id="licence-form-title" className="text-xl font-bold">{licence ? t("settings.yours") : t("settings.none")}</h2>
        <Form key={formKey} method="post" action={href("settings-licence", { lang })} encType="multipart/form-data" className="mt-4 space-y-4" data-licence-form="save">
          <input type="hidden" name="intent" value="save" />
          {refusal ? <FormAlert id="licence-errors" errors={[refusal.message]} /> : null}
          <LicenceFields idPrefix="my-licence" values={refusal?.values ?? licence} photoUrl={licence?.photoUrl ?? null} errors={refusal?.errors ?? {}} photoSent={refusal?.photoSent ?? false} />
          <Button type="submit" disabled={busy}>{t("settings.save")}</Button>
        </Form>
      </section>
      {licence ? (
        <section aria-labelledby="licence-remove-title" className={cardClass()}>
          <h2 id="licence-remove-title" className="text-xl font-bold">{t("settings.removeTitle")}</h2>
          <p className="mt-1 text-sm">{t("settings.removeText")}</p>
          <Form method="post" action={href("settings-licence", { lang })} className="mt-4" data-licence-form="remove">
            <input type="hidden" name="intent" value="remove" />
            <Button type="submit" variant="danger" disabled={busy}>{t("settings.remove")}</Button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}
