import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import type { BlobStore } from "#app/.server/blobs";
import { createRecordedPayments } from "#app/.server/payments";
import { demoPorts } from "#app/.server/seed/ports";
import type { DocumentStore } from "#app/.server/store";
import { addDays, createBookingsService, lineOf, today, type BookingEvent, type BookingsService } from "#app/features/bookings/.server";
import { createListingsService, type Listing, type ListingsService } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { HandoverError } from "./model";
import { createHandoverService, type HandoverService } from "./service";

/**
 * Check-in and check-out on one store (run on SQLite and on Firestore): the trip's day in the
 * listing's time zone, check-out after check-in, engine hours that do not go backwards, the two
 * people only, answers by the other side, a clean check-out releasing the deposit through the
 * ledger, a disputed one keeping it, and records and answers at once — none lost, one of each kept.
 */
export function handoverSuite(ports: () => { store: DocumentStore; blobs: BlobStore }) {
  let clock: Date;
  let bookings: BookingsService;
  let handover: HandoverService;
  let listings: ListingsService;
  let boat: Listing;
  let sail: Listing;
  let included: Listing;
  const events: BookingEvent[] = [];
  const notified: string[] = [];
  const jpeg = () => sharp({ create: { width: 640, height: 400, channels: 3, background: "#3366aa" } }).jpeg().toBuffer().then((b) => new Uint8Array(b));

  beforeAll(async () => {
    const { store, blobs } = ports();
    clock = new Date("2027-06-01T08:00:00Z");
    const users = createUsersService(store);
    const portsService = createPortsService(store);
    listings = createListingsService({ store, users, ports: portsService });
    for (const port of demoPorts) await portsService.save(port);
    await users.create({ uid: "owner-h", email: "owner-h@amarre.test", displayName: "Armador Entregas", kind: "person" });
    await users.setLessor("owner-h", { legalName: "Armador Entregas", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
    boat = await publishBoat(listings, "owner-h", { instantBooking: true, depositCents: 60_000, dayPriceCents: 30_000 });
    sail = await publishBoat(listings, "owner-h", { instantBooking: true, depositCents: 60_000, dayPriceCents: 30_000, type: "sail", fuel: "none", enginePowerHp: 0 });
    included = await publishBoat(listings, "owner-h", { instantBooking: true, depositCents: 60_000, dayPriceCents: 30_000, fuelPolicy: "included" });
    bookings = createBookingsService({
      store,
      listings,
      payments: createRecordedPayments(),
      now: () => clock,
      handlers: [{ name: "events", on: ["deposit-released"], handle: async (event) => void events.push(event) }],
    });
    handover = createHandoverService({ store, blobs, bookings, listings, now: () => clock, notify: async (record, event) => void notified.push(`${record.kind}:${event}`) });
  }, 120_000);

  let next = 0;
  /** A one-day trip booked now, starting `inDays` days ahead; the clock is then moved to `hour` (UTC) of its day. */
  async function trip(listing = boat, hour = 9) {
    const renter = `renter-${++next}`;
    const start = addDays(today(clock), 3 + next * 2);
    const booking = await bookings.book({ uid: renter, lang: "es" }, listing.id, { start, end: start, part: null, people: 2, withSkipper: false });
    const saved = clock;
    const on = (iso: string) => (clock = new Date(iso));
    return { booking, renter, start, on, restore: () => (clock = saved), day: (h: number) => on(`${start}T${String(h).padStart(2, "0")}:00:00Z`), hour };
  }
  async function refusal(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (error) {
      if (error instanceof HandoverError) return { code: error.code, field: error.field, reason: error.reason };
      throw error;
    }
    throw new Error("expected a refusal");
  }

  it("check-in on the trip's day, the owner confirms; the renter's check-out, the owner confirms: the deposit is released at once", async () => {
    const { booking, renter, day, restore } = await trip();
    // The evening before in Madrid (22:30 UTC is 00:30 the next day in summer: already the trip's day).
    clock = new Date(Date.parse(`${booking.start}T00:00:00Z`) - 3 * 3_600_000);
    expect(await refusal(handover.record(renter, booking.id, "check-in", { fuelEighths: 8, engineHours: 120 }))).toMatchObject({ code: "too-early" });
    clock = new Date(Date.parse(`${booking.start}T00:00:00Z`) - 90 * 60_000);
    const early = await handover.record(renter, booking.id, "check-in", { fuelEighths: 8, engineHours: 120.4, notes: "  Casco sin marcas, toldo bien.  ", photos: [await jpeg()] });
    expect(early).toMatchObject({ by: "renter", fuelEighths: 8, engineHours: 120.4, notes: "Casco sin marcas, toldo bien.", confirmation: null });
    expect(early.photos).toHaveLength(1);
    expect(notified.at(-1)).toBe("check-in:recorded");
    expect(await refusal(handover.record("owner-h", booking.id, "check-in", { fuelEighths: 8, engineHours: 1 }))).toMatchObject({ code: "already-recorded" });
    // Only the other side answers; strangers see nothing.
    expect(await refusal(handover.answer(renter, booking.id, "check-in", { status: "confirmed" }))).toMatchObject({ code: "own-record" });
    expect(await refusal(handover.answer("someone", booking.id, "check-in", { status: "confirmed" }))).toMatchObject({ code: "not-found" });
    expect(await handover.forBooking(booking.id, { uid: "someone", role: "user" })).toBeNull();
    expect(await handover.photo(booking.id, early.photos[0]!.id, { uid: "someone", role: "user" })).toBeNull();
    expect((await handover.photo(booking.id, early.photos[0]!.id, { uid: "owner-h", role: "user" }))?.bytes.byteLength).toBeGreaterThan(100);
    expect(await handover.photo(booking.id, early.photos[0]!.id, { uid: "team", role: "admin" })).not.toBeNull();
    expect(await refusal(handover.answer("owner-h", booking.id, "check-in", { status: "disputed", note: " " }))).toMatchObject({ code: "invalid", field: "note", reason: "required" });
    const confirmed = await handover.answer("owner-h", booking.id, "check-in", { status: "confirmed" });
    expect(confirmed.confirmation).toMatchObject({ by: "owner", status: "confirmed", note: "" });
    expect(await refusal(handover.answer("owner-h", booking.id, "check-in", { status: "confirmed" }))).toMatchObject({ code: "already-answered" });

    day(17);
    expect(await refusal(handover.record(renter, booking.id, "check-out", { fuelEighths: 3, engineHours: 119 }))).toMatchObject({ code: "invalid", field: "engineHours", reason: "backwards" });
    expect(await refusal(handover.record(renter, booking.id, "check-out", { fuelEighths: 9, engineHours: 125 }))).toMatchObject({ code: "invalid", field: "fuel", reason: "range" });
    expect(await refusal(handover.record(renter, booking.id, "check-out", { engineHours: 125 }))).toMatchObject({ code: "invalid", field: "fuel", reason: "required" });
    expect(await refusal(handover.record(renter, booking.id, "check-out", { fuelEighths: 3, engineHours: 125, notes: "x".repeat(2001) }))).toMatchObject({ code: "invalid", field: "notes", reason: "too-long" });
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    expect(await refusal(handover.record(renter, booking.id, "check-out", { fuelEighths: 3, engineHours: 125, photos: [html] }))).toMatchObject({ code: "invalid", field: "photos", reason: "unsupported-type" });
    expect((await handover.forBooking(booking.id, { uid: renter, role: "user" }))?.checkOut).toBeNull();
    const out = await handover.record(renter, booking.id, "check-out", { fuelEighths: 8, engineHours: 125.25, notes: "Devuelto en el pantalán." });
    expect(out).toMatchObject({ engineHours: 125.3, fuelShort: false });
    expect(lineOf((await bookings.getFor(booking.id, renter))!.booking.money, "deposit")?.state).not.toBe("released");
    const clean = await handover.answer("owner-h", booking.id, "check-out", { status: "confirmed", note: "Todo bien." });
    expect(clean.depositReleasedAt).not.toBeNull();
    expect(lineOf((await bookings.getFor(booking.id, renter))!.booking.money, "deposit")).toMatchObject({ state: "released", amountCents: 60_000 });
    expect(events.at(-1)).toBe("deposit-released");
    expect(notified.at(-1)).toBe("check-out:answered");
    expect(await handover.checkOutEvidence(booking.id)).toMatchObject({ photoIds: [], notes: ["Devuelto en el pantalán.", "Todo bien."] });
    restore();
  }, 60_000);

  it("check-out before check-in, after the claim window, on a cancelled trip; a boat without engine asks no fuel or hours", async () => {
    const first = await trip(sail);
    first.day(10);
    expect(await refusal(handover.record(first.renter, first.booking.id, "check-out", {}))).toMatchObject({ code: "not-checked-in" });
    const inRecord = await handover.record("owner-h", first.booking.id, "check-in", { fuelEighths: 5, engineHours: 40, notes: "Velas revisadas." });
    expect(inRecord).toMatchObject({ by: "owner", fuelEighths: null, engineHours: null });
    first.on(new Date(Date.parse(first.booking.endsAt) + 49 * 3_600_000).toISOString());
    expect(await refusal(handover.record(first.renter, first.booking.id, "check-out", {}))).toMatchObject({ code: "closed" });
    first.restore();

    // Nobody checked in on the day: it can still be recorded late (until the claim window closes), then the check-out.
    const late = await trip(sail);
    late.on(new Date(Date.parse(late.booking.endsAt) + 20 * 3_600_000).toISOString());
    expect((await handover.record("owner-h", late.booking.id, "check-in", { notes: "Anotada tarde." })).recordedAt > late.booking.endsAt).toBe(true);
    await handover.record("owner-h", late.booking.id, "check-out", { notes: "Falta el ancla." , damage: true });
    late.on(new Date(Date.parse(late.booking.endsAt) + 49 * 3_600_000).toISOString());
    expect(await refusal(handover.record(late.renter, late.booking.id, "check-in", {}))).toMatchObject({ code: "already-recorded" });
    late.restore();

    const second = await trip();
    await bookings.act(second.booking.id, second.renter, "renter", "cancel");
    second.day(10);
    expect(await refusal(handover.record(second.renter, second.booking.id, "check-in", { fuelEighths: 8, engineHours: 1 }))).toMatchObject({ code: "closed" });
    second.restore();
  }, 60_000);

  it("an owner's check-out with damage, or a disputed one, keeps the deposit held for a claim", async () => {
    const { booking, renter, day, restore } = await trip();
    day(9);
    await handover.record("owner-h", booking.id, "check-in", { fuelEighths: 8, engineHours: 10 });
    day(18);
    const out = await handover.record("owner-h", booking.id, "check-out", { fuelEighths: 2, engineHours: 14, notes: "Toldo rasgado en la costura.", damage: true, photos: [await jpeg()] });
    expect(out.damage).toBe(true);
    const answered = await handover.answer(renter, booking.id, "check-out", { status: "confirmed" });
    expect(answered.depositReleasedAt).toBeNull();
    expect(lineOf((await bookings.getFor(booking.id, renter))!.booking.money, "deposit")?.state).not.toBe("released");
    expect(await handover.checkOutEvidence(booking.id)).toMatchObject({ photoIds: [out.photos[0]!.id], notes: ["Toldo rasgado en la costura."] });
    restore();

    const other = await trip();
    other.day(9);
    await handover.record(other.renter, other.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 });
    other.day(18);
    await handover.record(other.renter, other.booking.id, "check-out", { fuelEighths: 4, engineHours: 12 });
    const disputed = await handover.answer("owner-h", other.booking.id, "check-out", { status: "disputed", note: "Falta un chaleco." });
    expect(disputed).toMatchObject({ confirmation: { status: "disputed", note: "Falta un chaleco." }, depositReleasedAt: null });
    expect(lineOf((await bookings.getFor(other.booking.id, other.renter))!.booking.money, "deposit")?.state).not.toBe("released");
    other.restore();
  }, 60_000);

  it("a full-to-full boat back with less fuel than at the handover releases nothing unasked: the owner claims the fuel or lets it go", async () => {
    const deposit = async (id: string, renter: string) => lineOf((await bookings.getFor(id, renter))!.booking.money, "deposit")?.state;
    // The renter brings it back at 6/8 of the 8/8 she took: the record says the fuel is short.
    const first = await trip();
    first.day(9);
    await handover.record(first.renter, first.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 });
    first.day(18);
    const short = await handover.record(first.renter, first.booking.id, "check-out", { fuelEighths: 6, engineHours: 12 });
    // A plain "confirmed" from the owner is not enough: he says whether he claims the fuel. Nothing is kept of it.
    expect(await refusal(handover.answer("owner-h", first.booking.id, "check-out", { status: "confirmed" }))).toMatchObject({ code: "invalid", field: "fuel", reason: "choose" });
    expect(await deposit(first.booking.id, first.renter)).not.toBe("released");
    expect(short.fuelShort).toBe(true);
    // Keeping the deposit for the fuel says what is missing: a claim quotes it.
    expect(await refusal(handover.answer("owner-h", first.booking.id, "check-out", { status: "confirmed", fuel: "claim", note: " " }))).toMatchObject({ code: "invalid", field: "note", reason: "fuel-claim" });
    expect((await handover.forBooking(first.booking.id, { uid: "owner-h", role: "user" }))?.checkOut?.confirmation).toBeNull();
    const kept = await handover.answer("owner-h", first.booking.id, "check-out", { status: "confirmed", fuel: "claim", note: "Faltan 2/8 de gasolina." });
    expect(kept).toMatchObject({ confirmation: { status: "confirmed", fuel: "claim" }, depositReleasedAt: null });
    expect(await deposit(first.booking.id, first.renter)).not.toBe("released");
    expect((await handover.checkOutEvidence(first.booking.id))?.notes).toContain("Faltan 2/8 de gasolina.");
    first.restore();

    // He lets the fuel go: the deposit is released at once, as after a clean return.
    const second = await trip();
    second.day(9);
    await handover.record(second.renter, second.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 });
    second.day(18);
    await handover.record(second.renter, second.booking.id, "check-out", { fuelEighths: 6, engineHours: 12 });
    const waived = await handover.answer("owner-h", second.booking.id, "check-out", { status: "confirmed", fuel: "waive" });
    expect(waived.confirmation).toMatchObject({ status: "confirmed", fuel: "waive" });
    expect(waived.depositReleasedAt).not.toBeNull();
    expect(await deposit(second.booking.id, second.renter)).toBe("released");
    second.restore();

    // The owner records the short return himself: the renter's confirmation does not release it (nor can she let the fuel go).
    const third = await trip();
    third.day(9);
    await handover.record("owner-h", third.booking.id, "check-in", { fuelEighths: 7, engineHours: 10 });
    third.day(18);
    expect(await handover.record("owner-h", third.booking.id, "check-out", { fuelEighths: 5, engineHours: 12 })).toMatchObject({ fuelShort: true, damage: false });
    const confirmedByRenter = await handover.answer(third.renter, third.booking.id, "check-out", { status: "confirmed", fuel: "waive" });
    expect(confirmedByRenter).toMatchObject({ confirmation: { status: "confirmed", fuel: null }, depositReleasedAt: null });
    expect(await deposit(third.booking.id, third.renter)).not.toBe("released");
    third.restore();

    // Fuel included in the price: less fuel is nobody's claim, the confirmation releases it.
    const fourth = await trip(included);
    fourth.day(9);
    await handover.record(fourth.renter, fourth.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 });
    fourth.day(18);
    expect(await handover.record(fourth.renter, fourth.booking.id, "check-out", { fuelEighths: 2, engineHours: 12 })).toMatchObject({ fuelShort: false });
    expect((await handover.answer("owner-h", fourth.booking.id, "check-out", { status: "confirmed" })).depositReleasedAt).not.toBeNull();
    fourth.restore();
  }, 60_000);

  it("notes and answers with a control character are refused on their field: nothing kept, the answer still to give", async () => {
    const { booking, renter, day, restore } = await trip(sail);
    day(10);
    for (const control of ["\u0000", "\u0008", "\u001b", "\u007f", "\u0090"]) {
      expect(await refusal(handover.record(renter, booking.id, "check-in", { notes: `Velas${control} revisadas` }))).toMatchObject({ code: "invalid", field: "notes", reason: "control-characters" });
    }
    expect((await handover.forBooking(booking.id, { uid: renter, role: "user" }))?.checkIn).toBeNull();
    // Tabs and line breaks are text.
    expect((await handover.record(renter, booking.id, "check-in", { notes: "Velas\trevisadas\r\nTodo bien" })).notes).toBe("Velas\trevisadas\nTodo bien");
    expect(await refusal(handover.answer("owner-h", booking.id, "check-in", { status: "disputed", note: "Faltan\u0000 chalecos" }))).toMatchObject({ code: "invalid", field: "note", reason: "control-characters" });
    expect((await handover.forBooking(booking.id, { uid: renter, role: "user" }))?.checkIn?.confirmation).toBeNull();
    expect((await handover.answer("owner-h", booking.id, "check-in", { status: "disputed", note: "Faltan dos chalecos." })).confirmation).toMatchObject({ status: "disputed", note: "Faltan dos chalecos." });
    restore();
  }, 60_000);

  it("at once: two check-ins write one; answers to both records are both kept; two answers to one record keep one", async () => {
    const { booking, renter, day, restore } = await trip();
    day(9);
    const ins = await Promise.allSettled([
      handover.record(renter, booking.id, "check-in", { fuelEighths: 8, engineHours: 10, notes: "A" }),
      handover.record("owner-h", booking.id, "check-in", { fuelEighths: 7, engineHours: 10, notes: "B" }),
      handover.record(renter, booking.id, "check-in", { fuelEighths: 6, engineHours: 10, notes: "C" }),
    ]);
    expect(ins.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of ins) if (r.status === "rejected") expect(r.reason).toMatchObject({ name: "HandoverError", code: "already-recorded" });
    const by = (await handover.forBooking(booking.id, { uid: renter, role: "user" }))!.checkIn!.by;
    const recorder = by === "renter" ? renter : "owner-h";
    const answerer = by === "renter" ? "owner-h" : renter;
    day(18);
    await handover.record(recorder, booking.id, "check-out", { fuelEighths: 4, engineHours: 12, notes: "Vuelta" });
    const both = await Promise.allSettled([
      handover.answer(answerer, booking.id, "check-in", { status: "confirmed" }),
      handover.answer(answerer, booking.id, "check-out", { status: "disputed", note: "Arañazo en la proa." }),
      handover.answer(answerer, booking.id, "check-in", { status: "disputed", note: "Dos veces" }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const records = (await handover.forBooking(booking.id, { uid: "team", role: "admin" }))!;
    expect(records.checkIn?.confirmation).not.toBeNull();
    expect(records.checkOut?.confirmation).toMatchObject({ status: "disputed", note: "Arañazo en la proa." });
    restore();
  }, 60_000);

  it("a check-in sent again from the phone (same submission id) is answered with the record kept, never recorded twice; another id is refused", async () => {
    const { booking, renter, day, restore } = await trip();
    day(9);
    const id = "0f3c2a1e-7b5d-4c9a-9e21-5a6b7c8d9e0f";
    const [first, again] = await Promise.all([
      handover.record(renter, booking.id, "check-in", { fuelEighths: 7, engineHours: 50, submission: id, photos: [await jpeg()] }),
      handover.record(renter, booking.id, "check-in", { fuelEighths: 7, engineHours: 50, submission: id, photos: [await jpeg()] }),
    ]);
    expect(again.recordedAt).toBe(first.recordedAt);
    expect(first.photos.map((p) => p.id)).toEqual(again.photos.map((p) => p.id));
    const replay = await handover.record(renter, booking.id, "check-in", { fuelEighths: 2, engineHours: 99, submission: id });
    expect(replay).toMatchObject({ fuelEighths: 7, engineHours: 50, submission: id });
    expect(notified.filter((n) => n === "check-in:recorded").length).toBeGreaterThan(0);
    // Another send, no id, a malformed id or the other side with the same id: the record exists.
    expect(await refusal(handover.record(renter, booking.id, "check-in", { fuelEighths: 7, engineHours: 50, submission: "1f3c2a1e-7b5d-4c9a-9e21-5a6b7c8d9e0f" }))).toMatchObject({ code: "already-recorded" });
    expect(await refusal(handover.record(renter, booking.id, "check-in", { fuelEighths: 7, engineHours: 50 }))).toMatchObject({ code: "already-recorded" });
    expect(await refusal(handover.record(renter, booking.id, "check-in", { fuelEighths: 7, engineHours: 50, submission: "<x>" }))).toMatchObject({ code: "already-recorded" });
    expect(await refusal(handover.record("owner-h", booking.id, "check-in", { fuelEighths: 7, engineHours: 50, submission: id }))).toMatchObject({ code: "already-recorded" });
    expect((await handover.forBooking(booking.id, { uid: renter, role: "user" }))?.checkIn?.photos).toHaveLength(1);
    restore();
  }, 60_000);
  it("asks the owner's check-in, or his confirmation of the renter's, for \"licence seen\" when the booking holds a licence (issue 49)", async () => {
    const { store, blobs } = ports();
    const held = new Set<string>();
    const withLicences = createHandoverService({ store, blobs, bookings, listings, now: () => clock, licenceHeld: async (id) => held.has(id) });
    const first = await trip();
    held.add(first.booking.id);
    first.day(9);
    expect(await withLicences.licenceAsked(first.booking.id)).toBe(true);
    expect(await refusal(withLicences.record("owner-h", first.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 }))).toMatchObject({ code: "invalid", field: "licenceSeen", reason: "required" });
    expect(await withLicences.record("owner-h", first.booking.id, "check-in", { fuelEighths: 8, engineHours: 10, licenceSeen: true })).toMatchObject({ by: "owner", licenceSeen: true });
    first.restore();
    const second = await trip();
    held.add(second.booking.id);
    second.day(9);
    await withLicences.record(second.renter, second.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 });
    expect(await refusal(withLicences.answer("owner-h", second.booking.id, "check-in", { status: "confirmed" }))).toMatchObject({ code: "invalid", field: "licenceSeen" });
    // Ticked, the confirmation keeps it.
    expect((await withLicences.answer("owner-h", second.booking.id, "check-in", { status: "confirmed", licenceSeen: true })).confirmation).toMatchObject({ status: "confirmed", licenceSeen: true });
    second.restore();
    // A booking without a licence (a skipper aboard, a boat anyone may take) asks nothing.
    const third = await trip();
    third.day(9);
    expect(await withLicences.record("owner-h", third.booking.id, "check-in", { fuelEighths: 8, engineHours: 10 })).not.toHaveProperty("licenceSeen");
    third.restore();
  });
}
