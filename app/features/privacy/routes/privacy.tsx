import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChoiceInput, ErrorList, FormAlert, hintClass, labelClass, optionClass, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { requestContext } from "#app/.server/http/request-context";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { deleteAccount, type DeleteRefusal } from "./privacy.server";

/**
 * /ajustes/privacidad: what the marketplace holds on the person, in their language, and two plain
 * forms that work without JavaScript — the export (posted to `/resources/mis-datos`, which answers
 * the JSON file) and the deletion of the account (posted here: the current password and a ticked
 * box). While something stops the deletion (a trip under way, an open deposit claim, a renter
 * paying), the page says so before the person tries; the action checks again.
 */
export const handle = { i18n: ["settings"] };

const HELD = ["profile", "lessor", "listings", "bookings", "messages", "cases", "reviews", "saved", "invoices", "calendars", "emails"] as const;
const GONE = ["signOut", "profile", "listings", "saved", "open", "messages", "kept"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "settings");
  const user = await ctx.requireUser();
  const blocker = await ctx.services.privacy.blocker(user.uid);
  const booking = blocker ? await ctx.services.bookings.getFor(blocker.bookingId, user.uid) : null;
  return {
    meta: { title: ctx.t("privacy.meta.title"), description: ctx.t("privacy.meta.description") },
    blocked: blocker ? ctx.t(`privacy.delete.refused.${blocker.reason}`, { reference: booking?.booking.reference ?? "" }) : null,
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "settings");
  const user = await ctx.requireUser({ checkRevoked: true });
  const form = await ctx.formData();
  if (form.get("intent") === "delete-account") return deleteAccount(ctx, user, form);
  const message = ctx.t("privacy.unknownForm");
  return data({ intent: "delete-account" as const, fieldErrors: {}, formErrors: [message] } satisfies DeleteRefusal, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Privacy() {
  const { blocked } = useLoaderData<typeof loader>();
  return <PrivacyPage blocked={blocked} refusal={useActionData<typeof action>() ?? null} />;
}

/**
 * The page, drawn from its data (tests draw it in each language). Both forms are plain HTML forms:
 * the export's answer is a file the browser saves, the deletion's a new page (signed out).
 */
export function PrivacyPage({ blocked, refusal }: { blocked: string | null; refusal: DeleteRefusal | null }) {
  const { t } = useTranslation("settings");
  const lang = useLang();
  const errors: DeleteRefusal["fieldErrors"] = refusal?.fieldErrors ?? {};
  return (
    <main id="main" className="space-y-6">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("privacy.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("privacy.intro")}</p>
      </header>

      <section aria-labelledby="privacy-held" className={cardClass()}>
        <h2 id="privacy-held" className="text-xl font-bold">{t("privacy.held.title")}</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          {HELD.map((key) => (
            <li key={key}>{t(`privacy.held.${key}`)}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <LocalizedLink to={href("privacy")} className="font-semibold text-sea-800 underline dark:text-sea-200">{t("privacy.policyLink")}</LocalizedLink>
        </p>
      </section>

      <section aria-labelledby="privacy-export" className={cardClass()}>
        <h2 id="privacy-export" className="text-xl font-bold">{t("privacy.export.title")}</h2>
        <p className="mt-1 text-sm">{t("privacy.export.text")}</p>
        {/* A plain form: the browser saves the file and stays on the page, with or without JavaScript. */}
        <form method="post" action={href("privacy-export")} className="mt-4" data-privacy-form="export">
          <input type="hidden" name="intent" value="export-data" />
          <input type="hidden" name="lang" value={lang} />
          <Button type="submit" variant="secondary">{t("privacy.export.submit")}</Button>
        </form>
      </section>

      <section aria-labelledby="privacy-delete" className={cardClass("md", { extra: "border-coral-500/40" })}>
        <h2 id="privacy-delete" className="text-xl font-bold">{t("privacy.delete.title")}</h2>
        <p className="mt-1 text-sm">{t("privacy.delete.text")}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
          {GONE.map((key) => (
            <li key={key}>{t(`privacy.delete.what.${key}`)}</li>
          ))}
        </ul>
        {blocked ? (
          <p role="status" className="mt-4 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-900 dark:text-amber-200" data-privacy-blocked>
            {blocked}
          </p>
        ) : null}
        <form method="post" action={href("settings-privacy", { lang })} className="mt-5 space-y-4" data-privacy-form="delete" noValidate>
          <input type="hidden" name="intent" value="delete-account" />
          <FormAlert id="delete-account-errors" errors={refusal?.formErrors} />
          <div className="sm:max-w-sm">
            <label htmlFor="delete-password" className={labelClass}>{t("privacy.delete.password")}</label>
            <TextInput
              id="delete-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={errors.currentPassword ? true : undefined}
              aria-describedby={errors.currentPassword ? "delete-password-errors" : undefined}
            />
            <ErrorList id="delete-password-errors" errors={errors.currentPassword} />
          </div>
          <div>
            <label htmlFor="delete-confirm" className={optionClass}>
              <ChoiceInput
                id="delete-confirm"
                name="confirm"
                type="checkbox"
                danger
                required
                defaultChecked={refusal?.confirmed ?? false}
                aria-invalid={errors.confirm ? true : undefined}
                aria-describedby={errors.confirm ? "delete-confirm-errors" : undefined}
              />
              <span className="font-medium">{t("privacy.delete.confirm")}</span>
            </label>
            <ErrorList id="delete-confirm-errors" errors={errors.confirm} />
          </div>
          <p className={hintClass}>{t("privacy.delete.hint")}</p>
          <Button type="submit" variant="danger">{t("privacy.delete.submit")}</Button>
        </form>
      </section>
    </main>
  );
}
