import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { addDays, BOOKINGS, lineOf, today, type Booking } from "#app/features/bookings/.server";
import { seedDemoData, seedSteps } from "#app/.server/seed";
import { seedDemoHandover } from "#app/.server/seed/handover";
import { loader as payoutsLoader } from "#app/features/payouts/routes/payouts";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { authedRequest, createTestServices, dataOf, loadContext, settle, signInAs } from "#tests/test-services";
import { DEMO_PASSWORD } from "./accounts";
import { DEMO_CALENDAR_URL } from "./calendars";
import { OWNER_STANDINGS, type StandingRecord } from "#app/features/bookings/.server/owner-standing-model";
import { STANDINGS_BACKFILL } from "#app/features/bookings/.server/owner-standing-backfill";
import { comparable } from "#app/features/bookings/.server/owner-standing-backfill.contract";

/**
 * The demo marketplace, seeded once for the three checks below (a seed with the 78 demo listings
 * and their photos takes seconds of CPU; each check only reads it, and the last one seeds again
 * to see that nothing is added):
 *
 * - **Invoices** say what the demo's money did: the demo is made without online payments, so no
 *   service fee is charged or invoiced (decision 048), and Lucía's cancellation of an instant
 *   booking 30 days ahead leaves nothing owed — one corrective invoice (R) annulling the rental,
 *   naming the rule and the invoice it corrects; every trip ever confirmed has its rental invoice,
 *   the check-in trip's linked from Javier's /ajustes/cobros.
 * - **Calendars**: the demo owner's motorboat shows an imported calendar: its days held, one
 *   conflict with Lucía's booking.
 * - **Handovers** (decision 032): Lucía's trip on Javier's motorboat starts today, confirmed, its
 *   deposit held, nothing recorded — both pages offer the check-in; the two trips that ended
 *   yesterday have their records, and Javier's claim points at the check-out's photo and quotes
 *   its notes. Seeding again adds nothing.
 * - **Conversations** show what README.md says (decision 026): Lucía and Javier after their
 *   completed trip see each other's phone numbers; Iago's email and phone (no booking) and Lucía's
 *   spelled-out number to the Barcelona charter (a declined request) stay hidden, with nothing
 *   announced.
 */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { demoListings: true });
}, 180_000);
afterAll(() => services?.close());

describe("the demo invoices", () => {
  it("show the renter's cancellation under its rule: nothing was paid, the rental annulled in full; no fee invoiced", async () => {
    const renter = (await services.identity.getUserByEmail("renter@amarre.test"))!.uid;
    const cancelled = (await services.store.query<Booking>({ collection: BOOKINGS, where: [["renterUid", "==", renter], ["status", "==", "cancelled"]], limit: 10 })).filter((booking) =>
      booking.history.some((entry) => entry.to === "confirmed"),
    );
    expect(cancelled).toHaveLength(1);
    const booking = cancelled[0]!;
    expect(booking.cancellationPolicy).toBe("moderate");
    const invoices = await services.invoices.forBooking(booking.id);
    const rental = invoices.find((invoice) => invoice.kind === "rental")!;
    expect(invoices.map((invoice) => invoice.id)).toEqual([`${booking.id}_rental`, `${booking.id}_rental_R`]);
    expect(invoices[1]).toMatchObject({
      series: "R",
      totalCents: -rental.totalCents,
      corrects: { id: rental.id, number: rental.number },
      reason: { rule: "unpaid", by: "renter", policy: null, percent: 100 },
    });
  });
});

describe("every demo trip with its invoices", () => {
  it("each booking ever confirmed has its rental invoice; the trip starting today (the check-in's) is linked from Javier's /ajustes/cobros", async () => {
    const bookings = await services.store.query<Booking>({ collection: BOOKINGS, limit: 500 });
    const confirmed = bookings.filter((booking) => booking.history.some((entry) => entry.to === "confirmed"));
    expect(confirmed.length).toBeGreaterThanOrEqual(6);
    const missing = [];
    for (const booking of confirmed) {
      const kinds = (await services.invoices.forBooking(booking.id)).map((invoice) => invoice.kind);
      if (!kinds.includes("rental")) missing.push(`${booking.start} ${booking.status}`);
    }
    expect(missing).toEqual([]);
    const owner = await signInAs(services, "owner@amarre.test", DEMO_PASSWORD);
    const checkIn = confirmed.find((booking) => booking.start === today(new Date()) && booking.ownerUid === owner.uid)!;
    const payouts = dataOf(await settle(() => payoutsLoader({ request: authedRequest("/ajustes/cobros", owner.cookie), params: {}, context: loadContext(services) })));
    expect(payouts.rows.find((row: { id: string }) => row.id === checkIn.id)).toMatchObject({ invoice: { number: expect.stringMatching(/^A-\d{4}-\d{6}$/) } });
  });
});

describe("the demo owner's standing", () => {
  it("Costa del Sol Yachting answers within the hour and wears the badge on its boat's page", async () => {
    const costa = (await services.identity.getUserByEmail("costasol@amarre.test"))!.uid;
    expect(await services.bookings.ownerStanding(costa)).toMatchObject({ requests: 12, responseRate: 100, acceptanceRate: 92, speed: "hour", cancellations: 0, meetsBar: true, badge: true });
    const boat = (await services.listings.listByOwner(costa)).find((l) => l.kind === "boat" && (l.data.title ?? "").includes("Sun Odyssey"))!;
    const page = dataOf(await settle(() => boatLoader({ request: new Request(`http://localhost/boat/${boat.id}`), params: { id: boat.id }, context: loadContext(services) })));
    expect(page.standing).toMatchObject({ badge: { label: "Patrón destacado" }, summary: "Responde en menos de 1 hora · 100\u00a0%" });
  });
});

describe("the demo's standings rebuilt from its bookings (decision 061's amendment)", () => {
  it("a store seeded before the standing was kept gets, from the backfill, the records the live events made", async () => {
    const now = new Date();
    const costa = (await services.identity.getUserByEmail("costasol@amarre.test"))!.uid;
    const made = await services.store.query<StandingRecord>({ collection: OWNER_STANDINGS, limit: 1_000 });
    expect(made.map((record) => record.id)).toContain(costa);
    for (const record of made) await services.store.delete(OWNER_STANDINGS, record.id);
    expect(await services.bookings.ownerStanding(costa)).toMatchObject({ requests: 0, badge: false });
    await services.store.delete("migrations", STANDINGS_BACKFILL);
    expect(await services.bookings.backfillStandings({ stillHere: async (uid) => (await services.users.get(uid)) !== null })).toBe(made.length);
    for (const record of made) expect(comparable(await services.store.get<StandingRecord>(OWNER_STANDINGS, record.id), now)).toEqual(comparable(record, now));
    expect(await services.bookings.ownerStanding(costa)).toMatchObject({ requests: 12, meetsBar: true, badge: true });
  });
});

describe("the demo calendars", () => {
  it("seeds the demo owner's imported Airbnb calendar as its last good import", async () => {
    const owner = (await services.identity.getUserByEmail("owner@amarre.test"))!.uid;
    const motorboat = (await services.listings.listByOwner(owner)).find((l) => l.kind === "boat" && (l.data.title ?? "").includes("Cap Camarat"))!;
    const [record] = await services.calendarSync.list(owner, motorboat.id);
    expect(record).toMatchObject({ url: DEMO_CALENDAR_URL, error: null });
    expect(record.events).toHaveLength(3);
    expect(record.conflicts).toHaveLength(1);
    const day = (n: number) => addDays(today(new Date()), n);
    const slots = await services.bookings.slots(motorboat.id, day(6), day(20));
    const held = (n: number) => slots.filter((s) => s.date === day(n)).map((s) => `${s.part}:${s.kind}`);
    expect(held(6)).toEqual(["am:block", "pm:block"]);
    expect(held(15)).toEqual(["am:booking", "pm:booking"]);
    expect(held(16)).toEqual(["am:block", "pm:block"]);
    expect(held(20)).toEqual(["am:block"]);
  }, 60_000);
});

describe("the demo conversations", () => {
  it("show the phone numbers of Lucía and Javier after their trip, and hide Iago's details and Lucía's spelled-out number", async () => {
    const uid = async (email: string) => (await services.identity.getUserByEmail(email))!.uid;
    const [renter, owner, iago, bcn] = await Promise.all(["renter@amarre.test", "owner@amarre.test", "iago@amarre.test", "bcn@amarre.test"].map(uid));
    const conversation = async (uid: string, other: string) => {
      const member = (await services.chats.list(uid)).find((each) => each.otherUid === other)!;
      const page = (await services.chats.page(uid, member.chatId))!;
      return { ...page, text: page.parts.map((parts) => parts.map((part) => ("hidden" in part ? `[${part.hidden}]` : part.text)).join("")) };
    };
    const sailed = await conversation(renter, owner);
    expect(sailed).toMatchObject({ shared: true, revealAt: null });
    expect(sailed.text.join("\n")).toContain("+34 600 123 456");
    expect(sailed.text.join("\n")).toContain("611 22 33 44");
    for (const [side, other] of [[iago, owner], [owner, iago]] as const) {
      const asked = await conversation(side, other);
      expect(asked).toMatchObject({ shared: false, revealAt: null });
      expect(asked.text.join("\n")).toContain("escríbeme a [email] o llámame al [phone]");
    }
    const declined = await conversation(bcn, renter);
    expect(declined).toMatchObject({ shared: false, revealAt: null });
    expect(declined.text).toContain("Mi número: [phone].");
  });
});

describe("the demo handovers", () => {
  it("a trip starting today ready for check-in; yesterday's trips recorded; the claim points at the check-out", async () => {
    const uid = async (email: string) => (await services.identity.getUserByEmail(email))!.uid;
    const [renter, owner] = await Promise.all([uid("renter@amarre.test"), uid("owner@amarre.test")]);
    const trips = await services.bookings.listForRenter(renter);
    const todays = trips.filter((booking) => booking.start === today(new Date()));
    expect(todays).toHaveLength(1);
    const trip = todays[0]!;
    expect(trip).toMatchObject({ ownerUid: owner, status: "confirmed" });
    expect(["direct", "authorised"]).toContain(lineOf(trip.money, "deposit")?.state);
    const listing = await services.listings.get(trip.listingId);
    for (const side of ["renter", "owner"] as const) {
      const records = (await services.handover.forBooking(trip.id, { uid: side === "renter" ? renter : owner, role: "user" }))!;
      expect(records).toEqual({ checkIn: null, checkOut: null });
      expect((await services.handover.offer(trip, side, listing, records)).can).toEqual(["check-in"]);
    }

    const claim = (await services.deposits.listOpen()).find((each) => each.renterUid === renter && each.ownerUid === owner)!;
    const records = (await services.handover.forBooking(claim.bookingId, { uid: owner, role: "user" }))!;
    expect(records.checkIn?.confirmation?.status).toBe("confirmed");
    expect(records.checkOut).toMatchObject({ by: "owner", damage: true, confirmation: { by: "renter", status: "disputed" } });
    expect(claim.checkoutId).toBe(records.checkOut!.id);
    expect(claim.evidence?.photoIds).toEqual(records.checkOut!.photos.map((photo) => photo.id));
    expect(records.checkOut!.notes).toContain(claim.evidence!.quote);

    // The test services leave the blog out; every other step is applied and not run again, and the step itself run again adds nothing.
    expect(await seedDemoData(services, seedSteps.filter((step) => step.id !== "blog-v1"))).toEqual({ applied: [] });
    await seedDemoHandover(services);
    expect((await services.bookings.listForRenter(renter)).filter((booking) => booking.start === today(new Date()))).toHaveLength(1);
  }, 60_000);

  it("show a trip priced by the day, its emails listing each line, and the licence beside the claim (issue 49)", async () => {
    const uid = async (email: string) => (await services.identity.getUserByEmail(email))!.uid;
    const [renter, owner] = await Promise.all([uid("renter@amarre.test"), uid("owner@amarre.test")]);
    const seasonal = (await services.bookings.listForRenter(renter)).find((b) => b.price.lines.some((line) => line.season !== undefined))!;
    expect(seasonal.price.lines.some((line) => line.weekend)).toBe(true);
    for (const person of [renter, owner]) {
      const mails = (await services.mailbox.list(person)).filter((mail) => mail.subject.includes(seasonal.reference!));
      expect(mails.some((mail) => mail.text.includes("El precio, día a día:\n· "))).toBe(true);
    }
    const claim = (await services.deposits.listOpen()).find((each) => each.renterUid === renter && each.ownerUid === owner)!;
    expect(await services.licences.heldFor(claim.bookingId)).toBe(true);
  });
});
