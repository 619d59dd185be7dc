import type { Page as BrowserPage } from "@playwright/test";
import { fixedPages, layoutGroups, type LayoutGroup } from "#app/route-table";

/**
 * A tour of every page of the route table, as one person sees it, for the browser tests that
 * check every page (overflow, accessibility). Pages with parameters are visited with real ids:
 * the first link to such a page found on a page already visited (a demo boat from the search,
 * a booking from /ajustes/mis-reservas, a conversation from /mensajes…), so pages added to the
 * table later are covered as soon as some page links to them. A page that redirects to a page
 * already seen on the tour (a visitor sent to /login) is not checked twice.
 */

export type TourPerson = {
  name: string;
  /** A demo person's email; a visitor when absent. */
  email?: string;
  /** The layout groups this person tours (see `app/route-table.ts`). */
  layouts: readonly string[];
  /** Pages with parameters this person is not expected to find a link to, and why. */
  noLinkExpected?: Readonly<Record<string, string>>;
};

export const tourPeople: readonly TourPerson[] = [
  // Signed out: every page; the settings and admin pages send the visitor to /login.
  {
    name: "visitor",
    layouts: ["default", "septimalista", "panel", "admin"],
    noLinkExpected: {
      "settings-reservation": "a visitor has no bookings",
      "settings-rental": "a visitor has no rentals",
      chat: "a visitor has no conversations",
      "settings-case": "a visitor has no cases",
      "admin-case": "only the team sees cases",
      "settings-reservation-deposit": "a visitor has no bookings",
      "settings-rental-deposit": "a visitor has no rentals",
      "admin-deposit": "only the team sees deposit claims",
      "admin-booking": "only the team sees a booking's ledger (linked from a reconciliation difference or a deposit claim)",
      "admin-content": "only the team edits contents",
      "admin-legal-content": "only the team edits the legal texts",
    },
  },
  {
    name: "renter",
    email: "renter@amarre.test",
    layouts: ["default", "septimalista", "panel"],
    noLinkExpected: {
      "settings-rental": "the demo renter rents nothing out (the owner's tour covers it)",
      "settings-rental-deposit": "the demo renter rents nothing out",
      // Linked from a finished trip's page only, which need not be the booking the tour opens (deposits.spec.ts visits it).
      "settings-reservation-deposit": "linked from the claimed trip's page only",
    },
  },
  {
    name: "owner",
    email: "owner@amarre.test",
    layouts: ["panel"],
    noLinkExpected: {
      "settings-case": "the demo owner has asked for no paperwork (the renter's tour covers it)",
      // Linked from a finished trip's page only, which need not be the booking the tour opens (deposits.spec.ts visits it).
      "settings-rental-deposit": "linked from a finished trip's page only",
      "settings-reservation-deposit": "linked from a claimed trip's page only (his own trips as a renter have no claim)",
    },
  },
  {
    name: "admin",
    email: "admin@amarre.test",
    layouts: ["admin"],
    // The demo runs without a payments provider: no reconciliation difference links a booking; a deposit claim's page does.
    noLinkExpected: { "admin-booking": "linked from a reconciliation difference (Stripe mode) and from a deposit claim's page" },
  },
];

export type TourStop = { pageId: string; url: string };

/** One test per person and layout group: shorter tests that share the workers evenly. */
export const tourLegs: ReadonlyArray<{ title: string; person: TourPerson }> = tourPeople.flatMap((person) =>
  person.layouts.map((layout) => ({ title: `${person.name}, ${layout} pages`, person: { ...person, layouts: [layout] } })),
);

type TablePage = { id: string; path: string | null; layout: string };

const tablePages: TablePage[] = [
  ...(layoutGroups as readonly LayoutGroup[]).flatMap((group) => group.pages.map((page) => ({ id: page.id, path: page.path, layout: group.id }))),
  ...fixedPages.map((page) => ({ id: page.id, path: page.path as string | null, layout: page.layout as string })),
];

const staticPaths = new Set(tablePages.filter((page) => !page.path?.includes(":")).map((page) => (page.path === null ? "/" : `/${page.path}`)));

/** `/boat/:id` → a pattern matching `/boat/KiITY9…` but no page of the table without parameters. */
function linkPattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^/${source}$`);
}

/** Pages reached by a form rather than a link: how to get there from a page already on the tour. */
const formReached: Record<string, { from: string; submit(page: BrowserPage): Promise<void> }> = {
  // The booking summary: the rent page's form, with days two months ahead.
  "reservation-summary": {
    from: "rent",
    async submit(page) {
      const form = page.locator('form[action$="/ReservationSummary"]');
      const min = (await form.locator('input[name="start"]').getAttribute("min")) ?? new Date().toISOString().slice(0, 10);
      const day = (offset: number) => new Date(Date.parse(min) + offset * 86_400_000).toISOString().slice(0, 10);
      await form.locator('input[name="start"]').fill(day(60));
      await form.locator('input[name="end"]').fill(day(62));
      await Promise.all([page.waitForURL(/\/ReservationSummary\?/), form.locator('button[type="submit"]').click()]);
    },
  },
};

function splatFree(path: string): string {
  return `/${path.replace("*", "ruta-inexistente")}`;
}

/**
 * Visits every page of the person's layouts, calling `check` once per distinct page reached, and
 * returns the pages checked. Throws when a page with parameters could not be reached.
 */
export async function tour(page: BrowserPage, person: TourPerson, check: (stop: TourStop) => Promise<void>): Promise<TourStop[]> {
  const pages = tablePages.filter((p) => person.layouts.includes(p.layout));
  const seenLinks: string[] = [];
  const reachedUrls = new Set<string>();
  const checked: TourStop[] = [];
  const pending = new Map(pages.map((p) => [p.id, p]));

  async function visit(pageId: string, go: () => Promise<unknown>) {
    pending.delete(pageId);
    await go();
    await page.waitForLoadState("load");
    const reached = new URL(page.url());
    // page.evaluate, not a locator: a locator has Playwright put its own 345 KB script into each
    // page it queries, which the tours (axe, page walk) then paid for on every page they reached.
    const links = await page.evaluate(() => Array.from(document.querySelectorAll("a[href]"), (a) => (a as HTMLAnchorElement).href));
    for (const link of links) {
      const url = new URL(link);
      if (url.origin === reached.origin) seenLinks.push(url.pathname);
    }
    const key = reached.pathname;
    if (reachedUrls.has(key)) return;
    reachedUrls.add(key);
    const stop = { pageId, url: reached.pathname + reached.search };
    checked.push(stop);
    await check(stop);
  }

  // Pages without parameters first, in table order; then, round after round, the pages with
  // parameters whose links have turned up.
  for (const p of pages) {
    if (p.path?.includes(":") || formReached[p.id]) continue;
    await visit(p.id, () => page.goto(p.path === null ? "/" : splatFree(p.path)));
  }
  for (let progress = true; progress && pending.size > 0; ) {
    progress = false;
    for (const p of [...pending.values()]) {
      const viaForm = formReached[p.id];
      if (viaForm) {
        const from = checked.find((stop) => stop.pageId === viaForm.from);
        if (!from) continue;
        await visit(p.id, async () => {
          await page.goto(from.url);
          await viaForm.submit(page);
        });
        progress = true;
        continue;
      }
      const pattern = linkPattern(p.path!);
      const link = seenLinks.find((path) => pattern.test(path) && !staticPaths.has(path));
      if (!link) continue;
      await visit(p.id, () => page.goto(link));
      progress = true;
    }
  }
  const missing = [...pending.keys()].filter((id) => !person.noLinkExpected?.[id]);
  if (missing.length > 0) {
    throw new Error(`${person.name}: no link found to ${missing.join(", ")} on the ${checked.length} pages visited`);
  }
  return checked;
}
