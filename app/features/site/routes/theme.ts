import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { isTheme, THEME_COOKIE, type Theme } from "#app/utils/theme";
import { safeRedirect } from "#app/utils/safe-redirect";
import { requestContext } from "#app/.server/http/request-context";

const themeSchema = z.object({
  theme: z.string().refine((value): value is Theme => isTheme(value)),
  // Where a plain form post goes back to (read below: `redirect`, or `redirectTo`, its older name).
  redirect: z.string().optional(),
  redirectTo: z.string().optional(),
});

/** Stores the visitor's theme; "system" removes the cookie so the system decides again. */
export async function action(args: ActionFunctionArgs) {
  const { request, config, formData } = requestContext(args);
  const submission = parseWithZod(await formData(), { schema: themeSchema });
  if (submission.status !== "success") {
    return data({ error: "theme must be system, light or dark" }, { status: 400 });
  }
  const { theme, redirect: backTo, redirectTo } = submission.value;
  const secure = config.isProduction && new URL(request.url).protocol === "https:";
  const cookie =
    theme === "system"
      ? `${THEME_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
      : `${THEME_COOKIE}=${theme}; Max-Age=31536000; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  const headers = { "Set-Cookie": cookie };
  // A fetcher stays on its page; a plain form post (no JavaScript) goes back to it.
  // `redirect`; `redirectTo` is its older name (pages rendered before decision record 033).
  const back = backTo ?? redirectTo;
  if (back !== undefined && !request.headers.get("Sec-Fetch-Dest")?.includes("empty")) {
    return redirect(safeRedirect(back), { headers });
  }
  return data({ theme }, { headers });
}
