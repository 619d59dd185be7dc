import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, createBookingsService, lineOf, today, type Booking } from "#app/features/bookings/.server";
import { createHandoverService } from "#app/features/handover/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { followNotice } from "#tests/notice";
import { giveTestLicence } from "#tests/licence-fixtures";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as adminAction, loader as adminLoader } from "./admin-deposit";
import { loader as adminListLoader } from "./admin-deposits";
import { loader as photoLoader } from "./deposit-photo";
import { action, loader } from "./deposit";

/**
 * The deposit pages with real Requests on the embedded backend: every guard (owner only for the
 * claim and withdrawal, renter only for the answer, the team only for the decision; others 404,
 * non-admins 403 on the admin pages), every refusal as a translated 400 with the field's message
 * or a 409 that says what to do, the private photos, and owner claims → renter answers → team
 * decides through the pages.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;
let admin: Awaited<ReturnType<typeof createTestAdmin>>;
let boatId: string;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Olga Owner" });
  renter = await createTestUser(services, { displayName: "Rita Renter" });
  stranger = await createTestUser(services, { displayName: "Sara Stranger" });
  admin = await createTestAdmin(services, { displayName: "Alba Admin" });
  boatId = (await createBoat(services, owner.uid, { instantBooking: true })).id;
}, 60_000);
afterAll(() => services.close());

const context = () => loadContext(services);
/** Words of the check-out's notes each claim quotes (decision 032). */
const QUOTE = "bimini rasgado";
const ownerPath = (id: string, lang = "") => `${lang}/ajustes/gestion-de-alquileres/${id}/fianza`;
const renterPath = (id: string, lang = "") => `${lang}/ajustes/mis-reservas/${id}/fianza`;
let past = 0;
/** A one-day trip of the renter on the boat, booked ten days ago, that ended `daysAgo` days ago (at midnight in Madrid). */
async function trip(daysAgo = 0): Promise<Booking> {
  const clock = new Date(Date.now() - 10 * 86_400_000);
  const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
  const day = addDays(today(new Date()), -1 - daysAgo);
  // A boat per trip: every trip ends on the same days.
  const listingId = past++ === 0 ? boatId : (await createBoat(services, owner.uid, { instantBooking: true })).id;
  const booking = await bookings.book({ uid: renter.uid, lang: "es" }, listingId, { start: day, end: day, part: null, people: 2, withSkipper: false });
  // Handed over and returned on the day; the owner's return notes the damage a claim points at (decision 032).
  const onTheDay = new Date(`${day}T10:00:00Z`);
  const handover = createHandoverService({ store: services.store, blobs: services.blobs, bookings: services.bookings, listings: services.listings, now: () => onTheDay });
  await handover.record(renter.uid, booking.id, "check-in", { fuelEighths: 8, engineHours: 100 });
  await handover.record(owner.uid, booking.id, "check-out", { fuelEighths: 4, engineHours: 103, notes: "Toldo bimini rasgado en la costura.", damage: true });
  return (await services.bookings.getFor(booking.id, renter.uid))!.booking;
}
const view = (path: string, id: string, cookie?: string) => settle(() => loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: { id }, context: context() }));
const post = (path: string, id: string, fields: Record<string, string>, cookie: string) => settle(() => action({ request: formPost(path, fields, cookie), params: { id }, context: context() }));
function multipart(path: string, id: string, fields: Record<string, string>, files: Array<[Uint8Array, string, string]>, cookie: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [bytes, name, type] of files) form.append("photos", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return settle(() => action({ request: authedRequest(path, cookie, { method: "POST", body: form }), params: { id }, context: context() }));
}
const jpeg = async () => new Uint8Array(await sharp({ create: { width: 800, height: 600, channels: 3, background: "#aa3322" } }).jpeg().toBuffer());
const adminView = (id: string, cookie?: string) => settle(() => adminLoader({ request: cookie ? authedRequest(`/admin/fianzas/${id}`, cookie) : pageRequest(`/admin/fianzas/${id}`), params: { bookingId: id }, context: context() }));
const adminPost = (id: string, fields: Record<string, string>, cookie: string, lang = "") => settle(() => adminAction({ request: formPost(`${lang}/admin/fianzas/${id}`, fields, cookie), params: { bookingId: id }, context: context() }));
const photo = (id: string, photoId: string, cookie?: string) =>
  photoLoader({ request: cookie ? authedRequest(`/resources/deposit-photo/${id}/${photoId}`, cookie) : pageRequest(`/resources/deposit-photo/${id}/${photoId}`), params: { bookingId: id, photoId }, context: context() }) as Promise<Response>;

describe("/…/{id}/fianza", () => {
  it("guards every loader and action: signed out → sign in; the other side and strangers → 404", async () => {
    const booking = await trip();
    expect(statusOf(await view(ownerPath(booking.id), booking.id))).toBe(302);
    expect(statusOf(await view(ownerPath(booking.id), booking.id, renter.cookie))).toBe(404);
    expect(statusOf(await view(ownerPath(booking.id), booking.id, stranger.cookie))).toBe(404);
    expect(statusOf(await view(renterPath(booking.id), booking.id, owner.cookie))).toBe(404);
    expect(statusOf(await view(renterPath(booking.id), booking.id, stranger.cookie))).toBe(404);
    expect(statusOf(await view(ownerPath("nonexistent0000000000"), "nonexistent0000000000", owner.cookie))).toBe(404);
    // Claiming, withdrawing and answering as the wrong person: 404, nothing written.
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "x", quote: QUOTE }, renter.cookie))).toBe(404);
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "x", quote: QUOTE }, stranger.cookie))).toBe(404);
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "withdraw" }, stranger.cookie))).toBe(404);
    expect(statusOf(await post(renterPath(booking.id), booking.id, { intent: "answer", text: "x" }, owner.cookie))).toBe(404);
    // The renter's page takes no claim, the owner's no answer.
    expect(statusOf(await post(renterPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "x", quote: QUOTE }, renter.cookie))).toBe(400);
    expect(await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" })).toBeNull();
    const page = dataOf(await view(ownerPath(booking.id), booking.id, owner.cookie));
    expect(page).toMatchObject({ side: "owner", canClaim: true, canRelease: true, claim: null, depositCents: 500_00 });
  });

  it("refuses bad claims with the field's message in the page's language, nothing kept", async () => {
    const booking = await trip();
    const path = ownerPath(booking.id, "/en");
    const over = await post(path, booking.id, { intent: "claim", amount: "500,01", reason: "Broken bimini", quote: QUOTE }, owner.cookie);
    expect(statusOf(over)).toBe(400);
    expect(dataOf(over).errors).toEqual({ amount: "You cannot claim more than the deposit (€500)." });
    const empty = await post(path, booking.id, { intent: "claim", amount: "abc", reason: "  ", quote: QUOTE }, owner.cookie);
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).errors).toEqual({ amount: "Enter the amount you claim in euros, for example 250.", reason: "Explain what happened." });
    expect(dataOf(empty).values).toEqual({ amount: "abc", reason: "  ", quote: QUOTE });
    const html = new TextEncoder().encode("<html><body>not a photo</body></html>");
    const notImage = await multipart(ownerPath(booking.id, "/fr"), booking.id, { intent: "claim", amount: "100", reason: "Taquet arraché", quote: QUOTE }, [[html, "photo.jpg", "image/jpeg"]], owner.cookie);
    expect(statusOf(notImage)).toBe(400);
    expect(dataOf(notImage).errors).toEqual({ photos: "Seules les photos JPEG, PNG ou WebP sont acceptées." });
    const eleven = await multipart(path, booking.id, { intent: "claim", amount: "100", reason: "x", quote: QUOTE }, Array.from({ length: 11 }, () => [html, "a.jpg", "image/jpeg"] as [Uint8Array, string, string]), owner.cookie);
    expect(statusOf(eleven)).toBe(400);
    expect(dataOf(eleven).errors).toEqual({ photos: "Send at most 10 photos." });
    expect(await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" })).toBeNull();
    expect(lineOf((await services.bookings.getFor(booking.id, owner.uid))!.booking.money, "deposit")?.state).toBe("direct");
  });

  it("reads the owner's, the renter's and the team's forms through the body gate: bodies no form sends are 400/413/415, nothing kept", async () => {
    const booking = await trip();
    const raw = (path: string, init: RequestInit, cookie: string) => settle(() => action({ request: hostilePost(path, cookie, init), params: { id: booking.id }, context: context() }));
    const json = await raw(ownerPath(booking.id, "/en"), hostileBodies.json({ intent: "claim", amount: "100", reason: "x", quote: QUOTE }), owner.cookie);
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(ownerPath(booking.id), hostileBodies.invalidUtf8(), owner.cookie))).toBe(400);
    expect(statusOf(await raw(ownerPath(booking.id), hostileBodies.megabytes("claim", "reason"), owner.cookie))).toBe(413);
    expect(statusOf(await raw(renterPath(booking.id), hostileBodies.manyFields("answer"), renter.cookie))).toBe(413);
    expect(statusOf(await raw(renterPath(booking.id), hostileBodies.brokenMultipart(), renter.cookie))).toBe(400);
    // One schema per intent: the other side's intent, or none, is the form's "unknown" message.
    const wrongSide = await post(renterPath(booking.id, "/en"), booking.id, { intent: "claim", amount: "100", reason: "x", quote: QUOTE }, renter.cookie);
    expect(statusOf(wrongSide)).toBe(400);
    expect(Object.keys(dataOf(wrongSide).errors)).toEqual(["form"]);
    const noEvidence = await post(ownerPath(booking.id, "/en"), booking.id, { intent: "claim", amount: "100", reason: "Broken bimini" }, owner.cookie);
    expect(statusOf(noEvidence)).toBe(400);
    expect(Object.keys(dataOf(noEvidence).errors)).toEqual(["evidence"]);
    expect(await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" })).toBeNull();
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "Toldo roto", quote: QUOTE }, owner.cookie))).toBe(303);
    const team = (init: RequestInit) => settle(() => adminAction({ request: hostilePost(`/admin/fianzas/${booking.id}`, admin.cookie, init), params: { bookingId: booking.id }, context: context() }));
    expect(statusOf(await team(hostileBodies.json({ intent: "decide", kept: "0", note: "x" })))).toBe(415);
    const badKept = await adminPost(booking.id, { intent: "decide", kept: "doscientos", note: "" }, admin.cookie, "/en");
    expect(statusOf(badKept)).toBe(400);
    expect(Object.keys(dataOf(badKept).errors)).toEqual(["kept", "note"]);
    expect(dataOf(badKept).values).toEqual({ kept: "doscientos", note: "" });
    const claim = await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" });
    expect(claim?.status).toBe("open");
  });

  it("after 48 hours: 409 saying what to do; a second claim 409", async () => {
    const late = await trip(3);
    const closed = await post(ownerPath(late.id, "/de"), late.id, { intent: "claim", amount: "100", reason: "Kratzer", quote: QUOTE }, owner.cookie);
    expect(statusOf(closed)).toBe(409);
    expect(dataOf(closed).errors.form).toMatch(/^Die Kaution kann nicht mehr eingefordert werden: Seit dem Ende der Fahrt sind mehr als 48 Stunden vergangen/);
    expect(dataOf(closed).errors.form).toContain("Kontaktseite");
    expect(dataOf(await view(ownerPath(late.id), late.id, owner.cookie))).toMatchObject({ canClaim: false, windowPassed: true });

    const booking = await trip();
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "Falta un cabo", quote: QUOTE }, owner.cookie))).toBe(303);
    const again = await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "Otra", quote: QUOTE }, owner.cookie);
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again).errors.form).toBe("Ya hay una reclamación de esta fianza: la tienes en esta página.");
    // The owner may not release a claimed deposit from the release button; withdrawing lets it go.
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "release" }, owner.cookie))).toBe(409);
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "withdraw" }, owner.cookie))).toBe(303);
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "withdraw" }, owner.cookie))).toBe(409);
    const money = (await services.bookings.getFor(booking.id, owner.uid))!.booking.money;
    expect(lineOf(money, "deposit")).toMatchObject({ state: "released", amountCents: 500_00 });
  });

  it("a claim left open on a deposit already released (stored before issue 43's fix): the team's kept amount is a 400 on its field, 0 closes it, no money moves", async () => {
    const booking = await trip();
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "300", reason: "Toldo roto", quote: QUOTE }, owner.cookie))).toBe(303);
    // What confirming a clean check-out did to an open claim before the fix: the deposit released whole.
    const stored = (await services.store.get<Booking>("bookings", booking.id))!;
    const released = stored.money.lines.map((line) => (line.id === "deposit" ? { ...line, state: "released" as const } : line));
    await services.store.update("bookings", booking.id, { money: { ...stored.money, lines: released } });
    const kept = await adminPost(booking.id, { intent: "decide", kept: "250", note: "Reparación" }, admin.cookie, "/en");
    expect(statusOf(kept)).toBe(400);
    expect(dataOf(kept).errors).toEqual({ kept: "The whole deposit was already released while the claim was open: there is nothing left to keep. Decide €0 and explain in the note what happened." });
    expect(statusOf(await adminPost(booking.id, { intent: "decide", kept: "0", note: "La fianza ya se había devuelto." }, admin.cookie))).toBe(303);
    expect(dataOf(await view(ownerPath(booking.id), booking.id, owner.cookie)).claim).toMatchObject({ status: "decided", decision: { keptCents: 0 }, depositReleasedBefore: stored.money.lines.find((l) => l.id === "deposit")!.updatedAt });
    const money = (await services.bookings.getFor(booking.id, owner.uid))!.booking.money;
    expect(lineOf(money, "deposit")).toMatchObject({ state: "released", amountCents: 500_00 });
    expect(lineOf(money, "claim")).toBeUndefined();
  });

  it("a control character (%00 and the like) in a reason, a quote, an answer or the team's note: 400 with the field's message, nothing kept, the answer still to give", async () => {
    const booking = await trip();
    const MESSAGE = "This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text.";
    /** A body typed by hand, as the attack sent it. */
    const raw = (path: string, body: string, cookie: string) =>
      settle(() => action({ request: authedRequest(path, cookie, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }), params: { id: booking.id }, context: context() }));
    const reason = await raw(ownerPath(booking.id, "/en"), `intent=claim&amount=100&reason=Toldo%07roto&quote=${encodeURIComponent(QUOTE)}`, owner.cookie);
    expect(statusOf(reason)).toBe(400);
    expect(dataOf(reason).errors).toEqual({ reason: MESSAGE });
    const quote = await raw(ownerPath(booking.id, "/en"), "intent=claim&amount=100&reason=Toldo&quote=bimini%1Brasgado", owner.cookie);
    expect(dataOf(quote).errors).toEqual({ evidence: MESSAGE });
    expect(await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" })).toBeNull();
    expect(statusOf(await post(ownerPath(booking.id), booking.id, { intent: "claim", amount: "100", reason: "Toldo roto", quote: QUOTE }, owner.cookie))).toBe(303);

    const answer = await raw(renterPath(booking.id, "/en"), "intent=answer&text=%00", renter.cookie);
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer).errors).toEqual({ text: MESSAGE });
    const spanish = await raw(renterPath(booking.id), "intent=answer&text=Ya%20estaba%20roto%7F", renter.cookie);
    expect(dataOf(spanish).errors).toEqual({ text: "Este texto contiene caracteres de control invisibles (por ejemplo, NUL) que no se pueden guardar. Vuelve a escribirlo o pégalo como texto sin formato." });
    expect((await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" }))?.answer).toBeNull();
    expect(statusOf(await post(renterPath(booking.id), booking.id, { intent: "answer", text: "Ya estaba roto.\r\nLo dije al salir." }, renter.cookie))).toBe(303);
    expect((await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" }))?.answer?.text).toBe("Ya estaba roto.\nLo dije al salir.");

    const note = await settle(() =>
      adminAction({ request: authedRequest(`/en/admin/fianzas/${booking.id}`, admin.cookie, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=decide&kept=0&note=Sin%C2%9Bpruebas" }), params: { bookingId: booking.id }, context: context() }),
    );
    expect(statusOf(note)).toBe(400);
    expect(dataOf(note).errors).toEqual({ note: MESSAGE });
    expect((await services.deposits.forBooking(booking.id, { uid: admin.uid, role: "admin" }))?.status).toBe("open");
  });

  it("releases an unclaimed deposit at once", async () => {
    const booking = await trip();
    const done = await post(ownerPath(booking.id), booking.id, { intent: "release" }, owner.cookie);
    expect(statusOf(done)).toBe(303);
    expect((done as Response).headers.get("Location")).toBe(`/ajustes/gestion-de-alquileres/${booking.id}/fianza`);
    expect((await followNotice(services, done as Response)).notice?.key).toBe("deposits:done.release");
    expect(lineOf((await services.bookings.getFor(booking.id, owner.uid))!.booking.money, "deposit")?.state).toBe("released");
    expect(dataOf(await view(ownerPath(booking.id), booking.id, owner.cookie))).toMatchObject({ canClaim: false, canRelease: false });
  });

  it("owner claims with a photo → renter answers → the team decides 250 of 500; photos only for the two and the team", async () => {
    const booking = await trip();
    const claimed = await multipart(ownerPath(booking.id), booking.id, { intent: "claim", amount: "300", reason: "Toldo bimini rasgado", quote: QUOTE }, [[await jpeg(), "toldo.jpg", "image/jpeg"]], owner.cookie);
    expect(statusOf(claimed)).toBe(303);
    expect((claimed as Response).headers.get("Location")).toBe(`/ajustes/gestion-de-alquileres/${booking.id}/fianza`);
    expect((await followNotice(services, claimed as Response)).notice?.key).toBe("deposits:done.claim");
    const renterPage = dataOf(await view(renterPath(booking.id), booking.id, renter.cookie));
    expect(renterPage.claim).toMatchObject({ status: "open", amountCents: 300_00, reason: "Toldo bimini rasgado", answer: null });
    const photoUrl: string = renterPage.claim.photos[0].url;
    const photoId = photoUrl.split("/").pop()!;
    expect(photoUrl).toBe(`/resources/deposit-photo/${booking.id}/${photoId}`);
    for (const cookie of [owner.cookie, renter.cookie, admin.cookie]) {
      const response = await photo(booking.id, photoId, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    }
    expect((await photo(booking.id, photoId, stranger.cookie)).status).toBe(404);
    expect((await photo(booking.id, photoId)).status).toBe(404);

    const emptyAnswer = await post(renterPath(booking.id, "/en"), booking.id, { intent: "answer", text: " " }, renter.cookie);
    expect(statusOf(emptyAnswer)).toBe(400);
    expect(dataOf(emptyAnswer).errors).toEqual({ text: "Write your answer." });
    expect(statusOf(await multipart(renterPath(booking.id), booking.id, { intent: "answer", text: "Ya estaba roto al salir." }, [[await jpeg(), "antes.jpg", "image/jpeg"]], renter.cookie))).toBe(303);
    expect(statusOf(await post(renterPath(booking.id), booking.id, { intent: "answer", text: "Otra" }, renter.cookie))).toBe(409);

    // The team: anonymous → sign in, non-admins 403, on the list, the page and the decision.
    expect(statusOf(await settle(() => adminListLoader({ request: pageRequest("/admin/fianzas"), params: {}, context: context() })))).toBe(302);
    expect(statusOf(await settle(() => adminListLoader({ request: authedRequest("/admin/fianzas", owner.cookie), params: {}, context: context() })))).toBe(403);
    expect(statusOf(await adminView(booking.id))).toBe(302);
    expect(statusOf(await adminView(booking.id, renter.cookie))).toBe(403);
    expect(statusOf(await adminPost(booking.id, { intent: "decide", kept: "0", note: "x" }, owner.cookie))).toBe(403);
    const list = dataOf(await settle(() => adminListLoader({ request: authedRequest("/admin/fianzas", admin.cookie), params: {}, context: context() })));
    expect(list.claims.find((c: { bookingId: string }) => c.bookingId === booking.id)).toMatchObject({ owner: "Olga Owner", renter: "Rita Renter", amountCents: 300_00, answered: true });
    const page = dataOf(await adminView(booking.id, admin.cookie));
    expect(page.claim.answer.text).toBe("Ya estaba roto al salir.");
    expect(page.claim.answer.photos).toHaveLength(1);
    // Both records beside the claim, and what of the check-out the claim points at (decision 032).
    expect(page.handover.checkIn).toMatchObject({ by: "renter", fuelEighths: 8, engineHours: 100 });
    expect(page.handover.checkOut).toMatchObject({ by: "owner", fuelEighths: 4, engineHours: 103, notes: "Toldo bimini rasgado en la costura.", damage: true, confirmation: null });
    expect(page.claim.evidence).toEqual({ photos: [], quote: QUOTE });
    expect(page.booking.money.lines.find((l: { id: string }) => l.id === "deposit")).toMatchObject({ state: "disputed" });
    // No licence was given with this trip; once one is (decision 063), the team reads the copy beside the records.
    expect(page.licence).toBeNull();
    await giveTestLicence(services, renter.uid, { type: "pnb", number: "PNB-DEP-1" });
    await services.licences.give(booking);
    expect(dataOf(await adminView(booking.id, admin.cookie)).licence).toMatchObject({ type: "pnb", number: "PNB-DEP-1", photoUrl: expect.stringMatching(`^/resources/licence-photo/${booking.id}/`) });
    expect(statusOf(await adminView("nonexistent0000000000", admin.cookie))).toBe(404);

    const over = await adminPost(booking.id, { intent: "decide", kept: "301", note: "Demasiado" }, admin.cookie, "/en");
    expect(statusOf(over)).toBe(400);
    expect(dataOf(over).errors).toEqual({ kept: "It cannot be more than the amount claimed (€300)." });
    const noNote = await adminPost(booking.id, { intent: "decide", kept: "250", note: "" }, admin.cookie);
    expect(dataOf(noNote).errors).toEqual({ note: "Escribe una nota que explique la decisión." });
    const decided = await adminPost(booking.id, { intent: "decide", kept: "250", note: "Reparación según presupuesto." }, admin.cookie);
    expect(statusOf(decided)).toBe(303);
    const twice = await adminPost(booking.id, { intent: "decide", kept: "0", note: "Otra" }, admin.cookie);
    expect(statusOf(twice)).toBe(409);
    const money = (await services.bookings.getFor(booking.id, owner.uid))!.booking.money;
    expect(lineOf(money, "claim")).toMatchObject({ amountCents: 250_00 });
    expect(lineOf(money, "deposit")).toMatchObject({ state: "released", amountCents: 250_00 });
    const ownerPage = dataOf(await view(ownerPath(booking.id), booking.id, owner.cookie));
    expect(ownerPage.claim).toMatchObject({ status: "decided", decision: { keptCents: 250_00, note: "Reparación según presupuesto." } });
    // Both people heard of the claim and of the decision (the bookings' emails).
    const subjects = (await services.mailbox.list(renter.uid)).map((m: { subject: string }) => m.subject);
    expect(subjects.some((s: string) => s.startsWith("Resuelta la reclamación de la fianza"))).toBe(true);
  }, 60_000);

  it("a decided claim's page heads with the deposit that was held (500 €), not the part given back", async () => {
    const booking = await trip();
    await services.bookings.claimDeposit(booking.id, owner.uid);
    await services.bookings.settleDeposit(booking.id, 150_00);
    for (const [path, cookie] of [[ownerPath(booking.id), owner.cookie], [renterPath(booking.id), renter.cookie]] as const) {
      expect(dataOf(await view(path, booking.id, cookie)).depositCents).toBe(500_00);
    }
  });
});
