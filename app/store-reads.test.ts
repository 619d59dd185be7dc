import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { deleteField } from "#app/.server/store";
import { measureStoreUse, type StoreCounts } from "#app/.server/store/counting";
import { caseTypes } from "#app/features/cases/cases";
import { createTestServices, formPost, loadContext, pageRequest, settle, signInAs, statusOf } from "#tests/test-services";
import { loader as rootLoader } from "#app/root";
import { loader as panelLoader } from "#app/features/site/routes/panel-layout";
import { loader as homeLoader } from "#app/features/site/routes/home";
import { loader as searchLoader } from "#app/features/search/routes/boat-search";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { loader as docksLoader } from "#app/features/search/routes/dock-search";
import { action as summaryAction, loader as summaryLoader } from "#app/features/bookings/routes/summary";
import { loader as reservationsLoader } from "#app/features/bookings/routes/reservations";
import { loader as rentalsLoader } from "#app/features/bookings/routes/rentals";
import { loader as messagesLoader } from "#app/features/chats/routes/messages";
import { loader as chatLoader } from "#app/features/chats/routes/chat";
import { loader as adminLoader } from "#app/features/admin/routes/layout";
import { loader as adminCasesLoader } from "#app/features/cases/routes/admin-cases";

/**
 * What each page asks of the store, counted as Firestore bills it (decision record 055): the root
 * loader, the layout's and the page's on one Request, as the server runs them, on the seeded demo
 * marketplace (65 boats, 13 docks, the demo people's bookings and conversations). The counts are
 * exact: a page that reads one document more per card, per booking or per conversation fails
 * here, long before it shows on a bill; the targets of issue 47 are the ceilings beside them.
 * Search's own queries are asserted against their targets only (its plan is search.ts's).
 */
let services: Services;
let renter: { uid: string; cookie: string };
let owner: { uid: string; cookie: string };
let admin: { uid: string; cookie: string };
beforeAll(async () => {
  services = await createTestServices({ STORE_COUNTING: "true" }, { demoListings: true });
  renter = await signInAs(services, "renter@amarre.test", "amarre-demo");
  owner = await signInAs(services, "owner@amarre.test", "amarre-demo");
  admin = await signInAs(services, "admin@amarre.test", "amarre-demo");
});
afterAll(() => services.close());

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
const as = (loader: unknown) => loader as Loader;

/** A page request: the root loader, the layout's and the page's at once, as Remix runs them. */
async function page(path: string, loaders: Loader[], { cookie, params = {} }: { cookie?: string; params?: Record<string, string> } = {}): Promise<StoreCounts> {
  const lang = path.startsWith("/en") ? "en" : "es";
  const headers = { Cookie: [cookie, `i18n_redirected=${lang}`].filter(Boolean).join("; ") };
  const { result, counts } = await measureStoreUse(() =>
    Promise.all([rootLoader, ...loaders].map((loader) => settle(() => loader({ request: pageRequest(path, headers), params, context: loadContext(services) })))),
  );
  for (const answer of result) expect(statusOf(answer ?? {}), path).toBe(200);
  return counts;
}
const use = (reads: number, queries: number): StoreCounts => ({ reads, writes: 0, queries, transactions: 0 });

describe("reads per page (the demo marketplace)", () => {
  it("lists the ports once per server, then the home page reads only its blog posts", async () => {
    // The first page after a start reads the 13 ports (once per 5 minutes, PORTS_LIST_TTL_MS).
    expect(await page("/", [as(homeLoader)])).toEqual(use(14, 2));
    expect(await page("/", [as(homeLoader)])).toEqual(use(1, 1));
    expect(await page("/en", [as(homeLoader)])).toEqual(use(1, 1));
  });

  it("searches boats within 60 reads cold and 30 warm, in Spanish and English", async () => {
    await services.ports.list();
    for (const path of ["/alquiler-barco", "/en/alquiler-barco"]) {
      services.listings.forgetSearch();
      const cold = await page(path, [as(searchLoader)]);
      const warm = await page(path, [as(searchLoader)]);
      expect(cold.reads, `${path} cold`).toBeLessThanOrEqual(60);
      expect(warm.reads, `${path} warm`).toBeLessThanOrEqual(30);
      expect(warm.reads).toBeLessThanOrEqual(cold.reads);
      expect(cold.writes + warm.writes).toBe(0);
    }
  });

  it("shows a boat within 15 reads and the docks' search within 30", async () => {
    await services.ports.list();
    const boat = (await services.listings.search({ sort: "newest" })).items[0]!;
    // The listing, its owner, the owner's standing (issue 49), its held days (a query), and two queries for similar boats nearby.
    expect(await page(`/boat/${boat.id}`, [as(boatLoader)], { params: { id: boat.id } })).toEqual(use(6, 3));
    services.listings.forgetSearch();
    const docks = await page("/docks", [as(docksLoader)]);
    expect(docks.reads).toBeLessThanOrEqual(30);
  });

  it("shows the signed-in pages within 40 reads: trips, rentals, conversations and a conversation", async () => {
    await services.ports.list();
    const settings = as(panelLoader);
    // The demo's trips grow with its seed steps: Lucía's trip tomorrow (offline-trip-v1) and her request for
    // the licence-only boat (licences-v1), and her trip into Cap Camarat's next season (season-trip-v1), are a booking
    // each on both people's lists and one more read each on /mensajes.
    expect(await page("/ajustes/mis-reservas", [settings, as(reservationsLoader)], { cookie: renter.cookie })).toEqual(use(24, 3));
    expect(await page("/ajustes/gestion-de-alquileres", [settings, as(rentalsLoader)], { cookie: owner.cookie })).toEqual(use(22, 2));
    expect(await page("/mensajes", [settings, as(messagesLoader)], { cookie: renter.cookie })).toEqual(use(21, 5));
    const chatId = (await services.chats.list(renter.uid))[0]!.chatId;
    expect(await page(`/chat/${chatId}`, [settings, as(chatLoader)], { cookie: renter.cookie, params: { chatId } })).toEqual(use(13, 5));
  });

  it("shows a long conversation reading its page's 20 messages, the earlier ones the masking needs kept on the first of them", async () => {
    await services.ports.list();
    const settings = as(panelLoader);
    const { chatId, otherUid } = (await services.chats.list(renter.uid))[0]!;
    for (let i = 0; i < 60; i++) await services.chats.send(i % 2 ? otherUid : renter.uid, chatId, `Mensaje ${i}: a bordo`);
    const open = () => page(`/chat/${chatId}`, [settings, as(chatLoader)], { cookie: renter.cookie, params: { chatId } });
    // As the demo conversation's page beside its 20 messages (before: 50 messages and the 10 before them).
    expect(await open()).toEqual(use(30, 5));
    // Messages written before `lead` was kept: the 10 before the page read again, in a query of their own.
    const first = (await services.chats.page(renter.uid, chatId))!.messages[0]!;
    await services.store.update("chat_messages", first.id, { lead: deleteField() });
    expect(await open()).toEqual(use(40, 6));
  });
  it("finds the team's cases by words reading the page's cases, not every case with each word", async () => {
    // 60 cases with the word: a page shows 25 (CASES_PAGE_SIZE).
    for (let i = 0; i < 60; i++) {
      await services.cases.create({ type: caseTypes[i % caseTypes.length], requesterUid: null, contact: { name: `Cliente ${i}`, email: `c${i}@example.com`, phone: null }, details: { boatName: `Zafiro ${i}`, port: "Palma", notes: "Prueba" }, lang: "es" });
    }
    const found = await page("/admin/gestiones?q=zafiro", [as(adminLoader), as(adminCasesLoader)], { cookie: admin.cookie });
    // The unread count, the word's entries counted (one read), the page's 25 entries, which carry the list's rows (before: 25 entries and their 25 cases, 52).
    expect(found).toEqual(use(27, 3));
    // Two words: both counted, the rarest's cases read until the page is full, the other checked on them (before: each word's whole window, 2 × 60 entries and 25 cases).
    expect(await page("/admin/gestiones?q=zafiro+palma", [as(adminLoader), as(adminCasesLoader)], { cookie: admin.cookie })).toEqual(use(28, 4));
    const both = await services.cases.search({ text: "zafiro palma" });
    expect([both.items.length, both.total, both.pageCount]).toEqual([25, 60, 3]);
    // A rare word among them: its few entries and their cases, the other word checked on them.
    expect(await page("/admin/gestiones?q=zafiro+c7", [as(adminLoader), as(adminCasesLoader)], { cookie: admin.cookie })).toEqual(use(5, 4));
    expect((await services.cases.search({ text: "zafiro c7" })).total).toBe(1);
  });

  it("prices a booking within 20 reads and confirms an instant one within 25 reads and 15 writes", async () => {
    await services.ports.list();
    const instant = (await services.listings.search({ instantBooking: true, sort: "newest" })).items.find((b) => b.ownerUid !== renter.uid)!;
    const day = addDays(today(new Date()), 40);
    const fields = { listing: instant.id, start: day, end: day, people: "2" };
    // The unread conversations (a count), the listing, its two held days, the card's listing and owner,
    // and the licence kept on the renter's profile (a boat that needs one, taken without a skipper: issue 49).
    expect(await page(`/boat/rent/boat/ReservationSummary?${new URLSearchParams(fields)}`, [as(summaryLoader)], { cookie: renter.cookie })).toEqual(use(7, 1));
    const { result, counts } = await measureStoreUse(() =>
      settle(() => summaryAction({ request: formPost("/boat/rent/boat/ReservationSummary", fields, renter.cookie), params: {}, context: loadContext(services) })),
    );
    expect(statusOf(result)).toBe(303);
    // With the licence (issue 49): the quote and the free days read before it is asked, the kept licence
    // read to check it and again to copy it, and the copy written with the booking.
    expect(counts).toEqual({ reads: 20, writes: 12, queries: 0, transactions: 2 });
  });

});
