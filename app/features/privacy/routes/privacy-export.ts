import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requestContext } from "#app/.server/http/request-context";
import { getFixedT } from "#app/.server/i18n";
import { isLang, type Lang } from "#app/i18n";
import { href } from "#app/utils/href";

/**
 * POST /resources/mis-datos — `intent=export-data` from /ajustes/privacidad: everything the
 * marketplace holds on the signed-in person as a JSON attachment (`amarre-datos-YYYY-MM-DD.json`,
 * its name in the page's language, never cached). A plain form post, so it works without
 * JavaScript: the browser keeps the page and saves the file. Here rather than in the page's action
 * because a page's action answering a document request cannot hand the browser a file.
 *
 * A visitor is sent to sign in, and back to the privacy page after; a GET goes to the page.
 */
function langOf(value: FormDataEntryValue | null): Lang {
  return typeof value === "string" && isLang(value) ? value : "es";
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args);
  const form = await ctx.formData();
  const lang = langOf(form.get("lang"));
  const page = href("settings-privacy", { lang });
  const user = await ctx.getUser();
  if (!user) return redirect(`${href("login", { lang })}?${new URLSearchParams({ redirect: page })}`, { status: 303 });
  if (form.get("intent") !== "export-data") {
    return Response.json({ error: getFixedT(lang, "settings")("privacy.export.unknown") }, { status: 400 });
  }
  const document = await ctx.services.privacy.exportData(user.uid, ctx.origin);
  const name = `${getFixedT(lang, "settings")("privacy.export.fileName")}-${document.exportedAt.slice(0, 10)}.json`;
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The export is a form's answer: a link or a reload goes to the privacy page. */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args);
  return redirect(href("settings-privacy", { lang: ctx.lang }), { status: 303 });
}
