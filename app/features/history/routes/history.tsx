import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { viewedItems } from "#app/features/listings/index.server";
import { FormAlert } from "#app/components/forms";
import { SavedListingGrid } from "#app/features/favourites";
import { BOAT_SEARCH_PATH } from "#app/features/search";
import { seoMeta } from "#app/utils/meta";
import { requestContext } from "#app/.server/http/request-context";
import { usePending } from "#app/utils/use-pending";
import { Button, ButtonLink } from "#app/components/ui/button";

/**
 * /historial: the listings this person (from their account) or this browser (from the signed
 * `recently_viewed` cookie) opened recently, newest first, and a form to clear them.
 */
const historySchema = z.object({ intent: z.literal("clear") });

// "listing": the cards' texts (`BoatListingCard`, `DockListingCard`).
export const handle = { i18n: ["favourites", "listing"] };

export async function loader(args: LoaderFunctionArgs) {
  const { request, t, services, getUser } = requestContext(args, "favourites");
  const user = await getUser();
  const { history, favourites, ports } = services;
  const listings = await history.list(user ? { uid: user.uid } : null, request);
  const saved = user ? await favourites.idsFor(user.uid, listings.map((listing) => listing.id)) : new Set<string>();
  return {
    meta: { title: t("history.meta.title"), description: t("history.meta.description") },
    signedIn: user !== null,
    items: await viewedItems({ users: services.users, ports }, listings, saved),
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "favourites");
  const user = await ctx.getUser();
  const submission = parseWithZod(await ctx.formData(), { schema: historySchema });
  if (submission.status !== "success") {
    return data({ error: ctx.t("errors.invalid") }, { status: 400 });
  }
  const setCookie = await ctx.services.history.clear(user ? { uid: user.uid } : null, ctx.request);
  // Back to the page with a GET: without JavaScript, a page rendered in answer to this POST
  // would still read the visitor cookie the browser sent with it.
  return redirect(ctx.url.pathname, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export default function History() {
  const { t } = useTranslation("favourites");
  const { signedIn, items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const clearing = usePending({ intent: "clear", untilIdle: true });

  return (
    <main id="main" className="container-page py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">{t("history.title")}</h1>
        {items.length > 0 ? (
          <Form method="post">
            <Button name="intent" value="clear" variant="secondary" disabled={clearing}>
              {t("history.clear")}
            </Button>
          </Form>
        ) : null}
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t(signedIn ? "history.introSignedIn" : "history.introVisitor")}</p>
      {actionData && "error" in actionData ? (
        <div className="mt-4">
          <FormAlert errors={[actionData.error]} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <section className="mt-8 rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-white/20" aria-labelledby="history-empty">
          <h2 id="history-empty" className="text-lg font-semibold">
            {t("history.empty.title")}
          </h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("history.empty.body")}</p>
          <ButtonLink to={BOAT_SEARCH_PATH} size="lg" className="mt-6">
            {t("history.empty.cta")}
          </ButtonLink>
        </section>
      ) : (
        <div className="mt-8">
          <SavedListingGrid items={items} signedIn={signedIn} label={t("history.listLabel")} />
        </div>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];
