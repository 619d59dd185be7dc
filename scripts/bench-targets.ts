/**
 * What the bench measures and what it aims for: the pages (for visitors, as served and rendered;
 * signed in), the targets against the baseline, and `--pages` selection.
 */
import { DEMO_ADMIN, DEMO_OWNER, signIn } from "./bench-data";
import { args } from "./bench-options";

/**
 * The pages measured; later features add theirs. `{boat}` is a published boat's id, `{page3}` the
 * cursor page 2's link to page 3 carries (`c=`, decision 056's amendment: page 3 opened from its
 * link, on a server that has not seen page 2, reads one page). Pages for
 * visitors are measured twice: as served (the visitors' page cache answers all but one request
 * per 10 s, decision record 007) and rendered on every request (`Cache-Control: no-cache`, as a
 * hard reload sends, skips the cache).
 */
const es = { Cookie: "i18n_redirected=es" };
const rendered = { ...es, "Cache-Control": "no-cache" };
export type Target = { name: string; path: string; headers?: Record<string, string> };
export const targets: Target[] = [
  { name: "healthz (no Remix)", path: "/healthz" },
  { name: "baseline (/_baseline)", path: "/_baseline", headers: es },
  { name: "baseline (/en/_baseline)", path: "/en/_baseline", headers: { Cookie: "i18n_redirected=en" } },
  { name: "home (/)", path: "/", headers: es },
  { name: "home (/en)", path: "/en", headers: { Cookie: "i18n_redirected=en" } },
  { name: "about (/fr/about)", path: "/fr/about" },
  { name: "search, all boats", path: "/alquiler-barco", headers: es },
  { name: "search, filtered", path: "/alquiler-barco?type=sail&place=Palma&people=6&sort=price-asc", headers: es },
  { name: "search, page 3", path: "/en/alquiler-barco?type=motor&page=3&c={page3}" },
  { name: "boat page", path: "/boat/{boat}", headers: es },
  { name: "docks", path: "/docks", headers: es },
  { name: "matriculación (service)", path: "/gestoria/matriculacion-barco", headers: es },
  { name: "home, rendered", path: "/", headers: rendered },
  { name: "search all, rendered", path: "/alquiler-barco", headers: rendered },
  { name: "search filt., rendered", path: "/alquiler-barco?type=sail&place=Palma&people=6&sort=price-asc", headers: rendered },
  { name: "search p3, rendered", path: "/en/alquiler-barco?type=motor&page=3&c={page3}", headers: { "Cache-Control": "no-cache" } },
  { name: "boat page, rendered", path: "/boat/{boat}", headers: rendered },
  { name: "docks, rendered", path: "/docks", headers: rendered },
  { name: "matriculación, rendered", path: "/gestoria/matriculacion-barco", headers: rendered },
  { name: "blog", path: "/blog", headers: es },
  { name: "blog post", path: "/blog/rutas-en-barco-por-baleares", headers: es },
  { name: "aviso legal", path: "/aviso-legal", headers: es },
  { name: "blog, rendered", path: "/blog", headers: rendered },
  { name: "blog post, rendered", path: "/blog/rutas-en-barco-por-baleares", headers: rendered },
  { name: "aviso legal, rendered", path: "/aviso-legal", headers: rendered },
  { name: "feed (/feed/es.xml)", path: "/feed/es.xml" },
];

/** The pages' paths with the seeded data's values in place of `{boat}` and `{page3}` (bench-data.ts). */
export function resolvePaths(seeded: { boatId: string; page3Cursor: string }) {
  for (const target of targets) target.path = target.path.replace("{boat}", seeded.boatId).replace("{page3}", seeded.page3Cursor);
}

/** Targets: [page, minimum share of the baseline's req/s, maximum p95 in ms]. */
export const goals: Array<[string, number, number | null]> = [
  ["search, filtered", 0.6, 25],
  ["boat page", 0.7, null],
  ["baseline (/en/_baseline)", 0.9, null],
];
/** Pages rendered on every request (never from the visitors' cache): each ≥ 50 % of the baseline. */
export const RENDERED_SHARE = 0.5;
export const isRendered = (target: { name: string }) => target.name.includes("rendered") || target.name.includes("signed in") || target.name.startsWith("admin");
/** The framework's floor: the baseline ≥ 12 % of /healthz. */
export const FLOOR_SHARE = 0.12;
/** The signed-in baseline's name, and the most CPU its root loader may add to the visitor's baseline. */
export const SIGNED_IN_BASELINE = "baseline, signed in";
export const VISITOR_BASELINE_AGAIN = "baseline, visitor again";
export const ROOT_SIGNED_IN_MS = 0.3;

/** The signed-in pages, always rendered (the page cache never serves signed-in people). */
export async function signedInTargets(base: string, seeded: { boatId: string; chatId: string; instantBoats: string[] }): Promise<{ targets: Target[]; renter: string }> {
  const renter = (await signIn(base)).cookie;
  const owner = (await signIn(base, DEMO_OWNER)).cookie;
  const admin = (await signIn(base, DEMO_ADMIN)).cookie;
  const as = (cookie: string) => ({ Cookie: `${cookie}; i18n_redirected=es` });
  return {
    renter,
    targets: [
      // The baseline for the renter: its CPU beyond the visitor's is the root loader's work for a
      // signed-in person (session, the person, unread conversations), with nothing of a page. The
      // visitor's is measured again just before it: the first baseline of a run comes minutes
      // earlier, and a server's CPU per request drifts by more than the 0.3 ms judged.
      { name: VISITOR_BASELINE_AGAIN, path: "/_baseline", headers: { Cookie: "i18n_redirected=es" } },
      { name: SIGNED_IN_BASELINE, path: "/_baseline", headers: as(renter) },
      { name: "mis-reservas, signed in", path: "/ajustes/mis-reservas", headers: as(renter) },
      { name: "gestión, signed in", path: "/ajustes/gestion-de-alquileres", headers: as(owner) },
      { name: "boat page, signed in", path: `/boat/${seeded.boatId}`, headers: as(renter) },
      // The summary before a confirmation: an instant boat, a day far enough ahead that no run books it.
      { name: "booking summary, signed in", path: `/boat/rent/boat/ReservationSummary?${summaryQuery(seeded.instantBoats[0] ?? seeded.boatId, dayFromNow(300))}`, headers: as(renter) },
      { name: "admin cases, by text", path: "/admin/gestiones?q=gaviota", headers: as(admin) },
      { name: "admin cases, 2 words", path: "/admin/gestiones?q=palma+gaviota&status=received", headers: as(admin) },
      { name: "admin cases, unfiltered", path: "/admin/gestiones", headers: as(admin) },
      { name: "facturas (500), signed in", path: "/ajustes/facturas", headers: as(renter) },
      { name: "chat (200 messages), signed in", path: `/chat/${seeded.chatId}`, headers: as(renter) },
      { name: "mensajes, signed in", path: "/mensajes", headers: as(renter) },
      { name: "matriculación, signed in", path: "/gestoria/matriculacion-barco", headers: as(renter) },
    ],
  };
}

/** A day `n` days from today, as the booking forms send it. */
export const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The booking summary's query (and its confirmation's form): one day, two people. */
export const summaryQuery = (listing: string, day: string) => new URLSearchParams({ listing, start: day, end: day, people: "2" });

/** What a server answers, unmeasured, before its first measured page (`warmUp` in bench-measure.ts). */
export const warmUpTargets: Target[] = [
  { name: "warm-up: baseline", path: "/_baseline", headers: es },
  { name: "warm-up: home, rendered", path: "/", headers: rendered },
];

/** `--pages a,b`: only the pages whose name contains one of the words (healthz and the baselines always). */
export function selected(all: Target[]): Target[] {
  const words = args.pages?.split(",").map((w) => w.trim().toLowerCase()).filter(Boolean);
  if (!words?.length) return all;
  return all.filter((t) => t.name.startsWith("healthz") || t.name.startsWith("baseline") || words.some((w) => t.name.toLowerCase().includes(w)));
}
