import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, createBookingsService, today } from "#app/features/bookings/.server";
import { createRecordedPayments } from "#app/.server/payments";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, dataOf, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader } from "./payouts";

/** /ajustes/cobros against the embedded store: each booking's share for the owner, from the ledger. */
let services: Services;

beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const day = (n: number) => addDays(today(new Date()), n);
const load = (cookie: string, lang = "") => settle(() => loader({ request: authedRequest(`${lang}/ajustes/cobros`, cookie), params: {}, context: loadContext(services) }));

describe("/ajustes/cobros", () => {
  it("sends visitors to sign in", async () => {
    const result = await settle(() => loader({ request: pageRequest("/ajustes/cobros"), params: {}, context: loadContext(services) }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Fcobros");
  });

  it("lists what each booking earns the owner, cut by refunds, with its rental invoice; nobody else's", async () => {
    const owner = await createOwner(services, { displayName: "Olga Cobros" });
    const renter = await createTestUser(services, { displayName: "Rosa Renter" });
    const other = await createOwner(services, { displayName: "Otro Armador" });
    const boat = await createBoat(services, owner.uid, { instantBooking: true, dayPriceCents: 450_00 });
    const otherBoat = await createBoat(services, other.uid, { instantBooking: true });
    const kept = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(40), end: day(41), part: null, people: 2, withSkipper: false });
    const late = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(5), end: day(5), part: null, people: 2, withSkipper: false });
    // Five days before, cancelled by the renter: without online payments nothing was paid and nothing stays owed.
    await services.bookings.act(late.id, renter.uid, "renter", "cancel");
    await services.bookings.book({ uid: renter.uid, lang: "es" }, otherBoat.id, { start: day(40), end: day(40), part: null, people: 2, withSkipper: false });
    // A trip three days ago, booked ten days ago: settled at the handover (outside Amarre).
    const past = createBookingsService({ store: services.store, listings: services.listings, payments: createRecordedPayments(), now: () => new Date(Date.now() - 10 * 86_400_000) });
    const done = await past.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(-3), end: day(-3), part: null, people: 2, withSkipper: false });
    await services.bookings.applyDue();

    const page = dataOf(await load(owner.cookie));
    expect(page.charges).toBe(false);
    const rows = Object.fromEntries(page.rows.map((row: { id: string }) => [row.id, row]));
    // The cancelled trip earns nothing: without online payments nothing was paid, so nothing is owed (decision 048).
    expect(Object.keys(rows).sort()).toEqual([kept.id, done.id].sort());
    expect(rows[done.id]).toMatchObject({ status: "completed", amountCents: 450_00, state: "settled" });
    expect(rows[kept.id]).toMatchObject({ amountCents: 900_00, state: "direct", dueAt: kept.startsAt, invoice: { number: expect.stringMatching(/^A-\d{4}-\d{6}$/) } });
    // The trip that happened counts as paid; nothing stays owed for the cancelled one.
    expect(page.totals).toEqual({ upcoming: 900_00, paid: 450_00 });
    expect(page.iban).toMatch(/^•••• \d{4}$/);
    // The renter earns nothing here.
    expect(dataOf(await load(renter.cookie)).rows).toEqual([]);
  });
});
