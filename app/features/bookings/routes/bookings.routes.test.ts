import { giveTestLicence } from "#tests/licence-fixtures";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader as rentLoader } from "./rent";
import { action as summaryAction, loader as summaryLoader } from "./summary";
import { loader as reservationsLoader } from "#app/features/bookings/routes/reservations";
import { action as reservationAction, loader as reservationLoader } from "#app/features/bookings/routes/reservation";
import { loader as rentalsLoader } from "#app/features/bookings/routes/rentals";
import { action as rentalAction, loader as rentalLoader } from "#app/features/bookings/routes/rental";
import { action as calendarAction, loader as calendarLoader } from "#app/features/calendar/routes/calendar";
import { loader as feedLoader } from "#app/features/calendar/routes/calendar-feed";
import ICAL from "ical.js";

/**
 * The booking pages with real Requests against the embedded store: the rent page, the summary
 * and its confirmation (303 to the booking; 400/409 with a translated message, nothing written),
 * and both sides' pages with their guards and POST buttons.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Armadora" });
  renter = await createTestUser(services, { displayName: "Rafa Renter" });
  // Boats need a licence without a skipper (issue 49): one kept on the profile covers them.
  await giveTestLicence(services, renter.uid);
  stranger = await createTestUser(services, { displayName: "Sergio Stranger" });
});
afterAll(() => services.close());

const context = () => loadContext(services);
const day = (n: number) => addDays(today(new Date()), n);
type Reply = { data: Record<string, unknown>; init: ResponseInit | null };
const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as Reply).init?.status ?? 200));
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader data read by shape in tests
const dataOf = (result: unknown): any => (result && typeof result === "object" && "init" in result && "data" in result ? (result as Reply).data : result);
const summaryPath = (fields: Record<string, string>) => `/boat/rent/boat/ReservationSummary?${new URLSearchParams(fields)}`;

async function confirm(fields: Record<string, string>, cookie: string, lang = "") {
  return settle(() => summaryAction({ request: formPost(`${lang}${summaryPath(fields)}`, fields, cookie), params: {}, context: context() }));
}

function bookedId(result: unknown): string {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(303);
  const match = /^\/ajustes\/mis-reservas\/([A-Za-z0-9]{20})$/.exec(response.headers.get("Location") ?? "");
  expect(match).not.toBeNull();
  return match![1];
}

describe("/boat/rent/boat/{id} and the summary", () => {
  it("shows the days to choose and the availability; 404 for a draft, a berth for sale or nonsense", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true, capacity: 5 });
    await services.bookings.block(owner.uid, boat.id, day(3), day(3));
    const page = dataOf(await settle(() => rentLoader({ request: pageRequest(`/boat/rent/boat/${boat.id}`), params: { id: boat.id }, context: context() })));
    expect(page.terms).toMatchObject({ instant: true, capacity: 5, dayPriceCents: 300_00 });
    const taken = page.calendar.flatMap((month: { taken: Record<string, string> }) => Object.entries(month.taken));
    expect(taken).toEqual([[day(3), "day"]]);
    const draft = await createBoat(services, owner.uid, { status: "draft" });
    const sale = await createDock(services, owner.uid);
    for (const id of [draft.id, sale.id, "__proto__", "x".repeat(300)]) {
      expect(statusOf(await settle(() => rentLoader({ request: pageRequest(`/boat/rent/boat/${id}`), params: { id }, context: context() }))), id).toBe(404);
    }
  });

  it("lists no refund deadline already past for a trip starting today or tomorrow", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true, cancellationPolicy: "flexible" });
    for (const start of [day(0), day(1)]) {
      const summary = dataOf(await settle(() => summaryLoader({ request: pageRequest(summaryPath({ listing: boat.id, start, end: start, people: "2" })), params: {}, context: context() })));
      const now = new Date().toISOString();
      expect(summary.quote.deadlines.filter((deadline: { until: string }) => deadline.until <= now), start).toEqual([]);
    }
  });

  it("prices the choice for a visitor, who signs in to come back to it", async () => {
    const boat = await createBoat(services, owner.uid, { dayPriceCents: 200_00 });
    const fields = { listing: boat.id, start: day(10), end: day(11), people: "3" };
    const result = await settle(() => summaryLoader({ request: pageRequest(summaryPath(fields)), params: {}, context: context() }));
    expect(statusOf(result)).toBe(200);
    const summary = dataOf(result);
    // No service fee without online payments (decision 048).
    expect(summary.quote.price).toMatchObject({ rentalCents: 400_00, serviceFeeCents: 0, totalCents: 400_00 });
    expect(summary.signedIn).toBe(false);
    expect(summary.loginUrl).toBe(`/login?${new URLSearchParams({ redirect: summaryPath(fields) })}`);
    // Confirming signed out goes to sign in, writing nothing.
    const anonymous = await settle(() => summaryAction({ request: formPost(summaryPath(fields), fields), params: {}, context: context() }));
    expect(statusOf(anonymous)).toBe(302);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });

  it("reads the confirmation through the body gate and one schema: a body no form sends is a 400, a bad field a translated 400", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const fields = { listing: boat.id, start: day(30), end: day(31), people: "2" };
    const json = await settle(() =>
      summaryAction({ request: authedRequest(summaryPath(fields), renter.cookie, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fields) }), params: {}, context: context() }),
    );
    expect(statusOf(json)).toBe(415);
    const long = await settle(() =>
      summaryAction({ request: authedRequest(summaryPath(fields), renter.cookie, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `listing=${boat.id}&start=${"9".repeat(200_000)}` }), params: {}, context: context() }),
    );
    expect(statusOf(long)).toBe(400);
    const badDay = await confirm({ ...fields, start: "mañana" }, renter.cookie, "/en");
    expect(statusOf(badDay)).toBe(400);
    expect(dataOf(badDay).refusal).toEqual({ status: 400, field: "start", message: "Choose the first day.", fields: { start: "Choose the first day." } });
    const badPeople = await confirm({ ...fields, people: "lots" }, renter.cookie, "/fr");
    expect(statusOf(badPeople)).toBe(400);
    expect(dataOf(badPeople).refusal.field).toBe("people");
    expect(await services.bookings.listForRenter(renter.uid).then((list) => list.filter((b) => b.listingId === boat.id))).toEqual([]);
  });

  it("confirms with a 303 to the booking; the same days again are a 409 with a translated message", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const fields = { listing: boat.id, start: day(20), end: day(22), people: "2" };
    const id = bookedId(await confirm(fields, renter.cookie));
    expect((await services.bookings.getFor(id, renter.uid))?.booking.status).toBe("confirmed");

    const again = await confirm(fields, stranger.cookie, "/en");
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again).refusal.message).toBe("Those days are no longer free. Choose other days.");
    const summary = await settle(() => summaryLoader({ request: authedRequest(`/fr${summaryPath(fields)}`, stranger.cookie), params: {}, context: context() }));
    expect(statusOf(summary)).toBe(409);
    expect(dataOf(summary).refusal.message).toBe("Ces jours ne sont plus libres. Choisissez d’autres jours.");
  });

  it("answers every bad choice with a 400 and the field's message, writing nothing", async () => {
    const boat = await createBoat(services, owner.uid, { capacity: 4 });
    const paused = await createBoat(services, owner.uid, { status: "paused" });
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ listing: boat.id, start: day(-2), people: "2" }, "", "El primer día ya ha pasado."],
      [{ listing: boat.id, start: day(6), end: day(4), people: "2" }, "/en", "The last day cannot be before the first."],
      [{ listing: boat.id, start: day(6), people: "9" }, "/de", "Zu viele Personen für dieses Boot."],
      [{ listing: boat.id, start: "mañana", people: "2" }, "/fr", "Choisissez le premier jour."],
      [{ listing: paused.id, start: day(6), people: "2" }, "/en", "This listing cannot be booked right now."],
      [{ listing: boat.id, start: day(6), people: "2" }, "/en", "You cannot book your own listing."],
    ];
    for (const [fields, lang, message] of cases) {
      const cookie = message.includes("own listing") ? owner.cookie : renter.cookie;
      const result = await confirm(fields, cookie, lang);
      expect(statusOf(result), message).toBe(400);
      expect(dataOf(result).refusal.message).toBe(message);
    }
    expect(await services.bookings.listForOwner(owner.uid).then((list) => list.filter((b) => b.listingId === boat.id))).toEqual([]);
  });
});

describe("blank fields of the booking forms", () => {
  it("redirect to the same page without them, in its language", async () => {
    const boat = await createBoat(services, owner.uid, { capacity: 4 });
    const rent = (await settle(() => rentLoader({ request: pageRequest(`/en/boat/rent/boat/${boat.id}?start=&end=&people=2`), params: { id: boat.id }, context: context() }))) as Response;
    expect(rent.status).toBe(302);
    expect(rent.headers.get("Location")).toBe(`/en/boat/rent/boat/${boat.id}?people=2`);
    const path = `/boat/rent/boat/ReservationSummary?listing=${boat.id}&start=${day(8)}&end=&part=&people=2`;
    const summary = (await settle(() => summaryLoader({ request: pageRequest(`/fr${path}`), params: {}, context: context() }))) as Response;
    expect(summary.status).toBe(302);
    expect(summary.headers.get("Location")).toBe(`/fr/boat/rent/boat/ReservationSummary?listing=${boat.id}&start=${day(8)}&people=2`);
    // The clean URL is the page itself.
    expect(statusOf(await settle(() => summaryLoader({ request: pageRequest(summary.headers.get("Location")!), params: {}, context: context() })))).toBe(200);
  });
});

describe("the settings pages of both sides", () => {
  // Each test its own renter: a person holds at most three pending requests.
  beforeEach(async () => {
    renter = await createTestUser(services, { displayName: "Rafa Renter" });
    // Boats need a licence without a skipper (issue 49): one kept on the profile covers them.
    await giveTestLicence(services, renter.uid);
  });
  async function request() {
    const boat = await createBoat(services, owner.uid);
    return bookedId(await confirm({ listing: boat.id, start: day(30), end: day(31), people: "2" }, renter.cookie));
  }
  const load = (fn: typeof reservationLoader | typeof rentalLoader, path: string, id: string, cookie: string) =>
    settle(() => fn({ request: authedRequest(path, cookie), params: { id }, context: context() }));
  const post = (fn: typeof reservationAction, path: string, id: string, intent: string, cookie: string) =>
    settle(() => fn({ request: formPost(path, { intent }, cookie), params: { id }, context: context() }));

  it("lists the renter's request and the owner's request to answer", async () => {
    const id = await request();
    const mine = dataOf(await settle(() => reservationsLoader({ request: authedRequest("/ajustes/mis-reservas", renter.cookie), params: {}, context: context() })));
    expect(mine.groups.pending.map((row: { id: string }) => row.id)).toContain(id);
    const row = mine.groups.pending.find((r: { id: string }) => r.id === id);
    expect(row.other).toEqual({ displayName: "Marina Armadora", slug: owner.slug });
    expect(JSON.stringify(mine)).not.toContain(owner.email);
    const theirs = dataOf(await settle(() => rentalsLoader({ request: authedRequest("/ajustes/gestion-de-alquileres", owner.cookie), params: {}, context: context() })));
    expect(theirs.groups.pending.map((r: { id: string }) => r.id)).toContain(id);
    expect(statusOf(await settle(() => reservationsLoader({ request: pageRequest("/ajustes/mis-reservas"), params: {}, context: context() })))).toBe(302);
  });

  it("guards every booking page and button: 404 for anyone else, each side sent to its own page", async () => {
    const id = await request();
    expect(statusOf(await load(reservationLoader, `/ajustes/mis-reservas/${id}`, id, stranger.cookie))).toBe(404);
    expect(statusOf(await load(rentalLoader, `/ajustes/gestion-de-alquileres/${id}`, id, stranger.cookie))).toBe(404);
    expect(statusOf(await post(rentalAction, `/ajustes/gestion-de-alquileres/${id}`, id, "accept", stranger.cookie))).toBe(404);
    expect(statusOf(await post(reservationAction, `/ajustes/mis-reservas/${id}`, id, "cancel", stranger.cookie))).toBe(404);
    const elsewhere = await load(reservationLoader, `/ajustes/mis-reservas/${id}`, id, owner.cookie);
    expect((elsewhere as Response).headers.get("Location")).toBe(`/ajustes/gestion-de-alquileres/${id}`);
    // The renter cannot accept their own request, whatever they post.
    expect(statusOf(await post(reservationAction, `/ajustes/mis-reservas/${id}`, id, "accept", renter.cookie))).toBe(400);
    expect(statusOf(await post(rentalAction, `/ajustes/gestion-de-alquileres/${id}`, id, "accept", renter.cookie))).toBe(404);
    expect((await services.bookings.getFor(id, renter.uid))?.booking.status).toBe("pending");
    for (const bad of ["nope", "__proto__", ""]) expect(statusOf(await load(reservationLoader, `/ajustes/mis-reservas/${bad}`, bad, renter.cookie))).toBe(404);
  });

  it("the owner accepts; the renter sees the refund before cancelling, then cancels", async () => {
    const id = await request();
    const accepted = await post(rentalAction, `/ajustes/gestion-de-alquileres/${id}`, id, "accept", owner.cookie);
    expect(statusOf(accepted)).toBe(303);
    expect((accepted as Response).headers.get("Location")).toBe(`/ajustes/gestion-de-alquileres/${id}`);
    expect((await followNotice(services, accepted as Response)).notice?.key).toBe("bookings:done.accept");
    const page = dataOf(await load(reservationLoader, `/ajustes/mis-reservas/${id}`, id, renter.cookie));
    expect(page.detail.actions).toEqual(["cancel"]);
    // Nothing was paid online: cancelling leaves nothing owed (decision 048).
    expect(page.detail.booking.refund).toMatchObject({ percent: 100, refundCents: page.detail.booking.price.totalCents, keptCents: 0 });
    expect(statusOf(await post(reservationAction, `/ajustes/mis-reservas/${id}`, id, "cancel", renter.cookie))).toBe(303);
    const after = dataOf(await load(reservationLoader, `/ajustes/mis-reservas/${id}`, id, renter.cookie));
    expect(after.detail.booking).toMatchObject({ status: "cancelled", cancellation: { rule: "unpaid", percent: 100, feeRefundCents: 0 } });
    // The rental is no longer owed, nothing else is pending — and nothing says "paid".
    const money = after.detail.booking.money;
    expect(money).toMatchObject({ charges: false, chargedCents: 0, refundedCents: 0, owedCents: 0 });
    expect(after.detail.booking.figures).toMatchObject({ renterPaysCents: 0, ownerReceivesCents: 0, feeCents: 0 });
    expect(money.lines.find((l: { id: string }) => l.id === "refund-rental")).toMatchObject({ state: "credited", amountCents: after.detail.booking.price.ownerCents });
    expect(after.detail.actions).toEqual([]);
    // A second click: the booking changed meanwhile (409, translated).
    const twice = await post(rentalAction, `/en/ajustes/gestion-de-alquileres/${id}`, id, "decline", owner.cookie);
    expect(statusOf(twice)).toBe(409);
    expect(dataOf(twice).refusal.message).toBe("This booking has changed in the meantime. Here it is as it is now.");
  });

  it("shows the owner the renter's record on a request; a decline may carry a reason the renter sees", async () => {
    const id = await request();
    const page = dataOf(await load(rentalLoader, `/ajustes/gestion-de-alquileres/${id}`, id, owner.cookie));
    expect(page.detail.renterRecord).toMatchObject({ completedTrips: 0, reviewsWritten: 0, cancellations: expect.any(Number), memberSince: expect.any(String) });
    // The renter's page never shows the renter's own record.
    expect(dataOf(await load(reservationLoader, `/ajustes/mis-reservas/${id}`, id, renter.cookie)).detail.renterRecord).toBeNull();
    const declined = await settle(() =>
      rentalAction({ request: formPost(`/ajustes/gestion-de-alquileres/${id}`, { intent: "decline", reason: "El barco está en el varadero esa semana." }, owner.cookie), params: { id }, context: context() }),
    );
    expect(statusOf(declined)).toBe(303);
    const seen = dataOf(await load(reservationLoader, `/ajustes/mis-reservas/${id}`, id, renter.cookie));
    expect(seen.detail.booking).toMatchObject({ status: "declined", declineReason: "El barco está en el varadero esa semana." });
    // A stranger can neither see nor decline it.
    expect(statusOf(await load(rentalLoader, `/ajustes/gestion-de-alquileres/${id}`, id, stranger.cookie))).toBe(404);
  });

  it("refuses a second pending request for the same boat and a fourth at once with a translated 409 that says what to do", async () => {
    const squatter = await createTestUser(services, { displayName: "Samuel Squatter" });
    // Boats need a licence without a skipper (issue 49): one kept on the profile covers them.
    await giveTestLicence(services, squatter.uid);
    const boats = await Promise.all(Array.from({ length: 4 }, () => createBoat(services, owner.uid)));
    const ask = (boatId: string, start: string, lang = "") => confirm({ listing: boatId, start, end: start, people: "2" }, squatter.cookie, lang);
    expect(statusOf(await ask(boats[0]!.id, day(30)))).toBe(303);
    const again = await ask(boats[0]!.id, day(40), "/en");
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again).refusal.message).toMatch(/^You already have a pending request for this listing\. Wait for the owner's answer or withdraw it in My bookings/);
    expect(statusOf(await ask(boats[1]!.id, day(30)))).toBe(303);
    expect(statusOf(await ask(boats[2]!.id, day(30)))).toBe(303);
    const fourth = await ask(boats[3]!.id, day(30));
    expect(statusOf(fourth)).toBe(409);
    expect(dataOf(fourth).refusal.message).toBe("Ya tienes 3 solicitudes pendientes, el máximo. Espera sus respuestas o retira alguna en Mis reservas.");
    const long = await confirm({ listing: boats[3]!.id, start: day(60), end: day(90), people: "2" }, renter.cookie, "/fr");
    expect(statusOf(long)).toBe(400);
    expect(dataOf(long).refusal.message).toBe("Une demande peut couvrir au plus 30 jours. Demandez moins de jours ou choisissez un bateau en réservation instantanée.");
    expect((await services.bookings.listForRenter(squatter.uid)).filter((b) => b.status === "pending")).toHaveLength(3);
  });

  it("emails the owner a new request and the renter the answer, in their languages", async () => {
    const id = await request();
    const ownerMail = await services.mailbox.list(owner.uid);
    expect(ownerMail[0]).toMatchObject({ subject: expect.stringMatching(/^Nueva solicitud para /), link: expect.stringContaining(`/ajustes/gestion-de-alquileres/${id}`) });
    await post(rentalAction, `/ajustes/gestion-de-alquileres/${id}`, id, "decline", owner.cookie);
    const renterMail = await services.mailbox.list(renter.uid);
    expect(renterMail[0]).toMatchObject({ subject: expect.stringMatching(/^Solicitud rechazada: /), link: expect.stringContaining(`/ajustes/mis-reservas/${id}`) });
  });
});

describe("/ajustes/mi-calendario and the iCal feed", () => {
  const calendarPost = (fields: Record<string, string>, cookie: string, lang = "") =>
    settle(() => calendarAction({ request: formPost(`${lang}/ajustes/mi-calendario`, fields, cookie), params: {}, context: context() }));
  const feed = (listingId: string, file: string) =>
    feedLoader({ request: pageRequest(`/ical/${listingId}/${file}`), params: { listingId, file }, context: context() }) as Promise<Response>;

  it("blocks days (then nobody can book them), frees them, and refuses another person's listing", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true });
    const blocked = await calendarPost({ intent: "block", listing: boat.id, start: day(70), end: day(72) }, owner.cookie);
    expect(statusOf(blocked)).toBe(303);
    expect((blocked as Response).headers.get("Location")).toBe(`/ajustes/mi-calendario?listing=${boat.id}`);
    const taken = await confirm({ listing: boat.id, start: day(72), end: day(73), people: "2" }, renter.cookie);
    expect(statusOf(taken)).toBe(409);
    // Blocking over held days is a 409 too.
    expect(statusOf(await calendarPost({ intent: "block", listing: boat.id, start: day(71), end: day(71) }, owner.cookie))).toBe(409);

    const page = dataOf(await settle(() => calendarLoader({ request: authedRequest(`/ajustes/mi-calendario?listing=${boat.id}`, owner.cookie), params: {}, context: context() })));
    expect(page.selected).toBe(boat.id);
    expect(page.blocks).toEqual([expect.objectContaining({ start: day(70), end: day(72), days: 3 })]);
    const stranger = await calendarPost({ intent: "block", listing: boat.id, start: day(80), end: day(80) }, renter.cookie, "/en");
    expect(statusOf(stranger)).toBe(400);
    expect(dataOf(stranger).refusal.message).toBe("That listing or block is not yours.");
    expect(statusOf(await calendarPost({ intent: "unblock", listing: boat.id, block: page.blocks[0].id }, renter.cookie))).toBe(400);
    expect(statusOf(await calendarPost({ intent: "unblock", listing: boat.id, block: page.blocks[0].id }, owner.cookie))).toBe(303);
    expect(bookedId(await confirm({ listing: boat.id, start: day(72), end: day(73), people: "2" }, renter.cookie))).toMatch(/^[A-Za-z0-9]{20}$/);
    // A renter without listings sees an empty calendar, not someone else's.
    expect(dataOf(await settle(() => calendarLoader({ request: authedRequest(`/ajustes/mi-calendario?listing=${boat.id}`, renter.cookie), params: {}, context: context() }))).empty).toBe(true);
  });

  it("serves the listing's bookings and blocks as iCal at a secret, rotatable address", async () => {
    const boat = await createBoat(services, owner.uid, { instantBooking: true, title: "Lancha del calendario de pruebas" });
    const booked = bookedId(await confirm({ listing: boat.id, start: day(90), end: day(91), people: "2" }, renter.cookie));
    await calendarPost({ intent: "block", listing: boat.id, start: day(95), end: day(95) }, owner.cookie);
    const page = dataOf(await settle(() => calendarLoader({ request: authedRequest(`/ajustes/mi-calendario?listing=${boat.id}`, owner.cookie), params: {}, context: context() })));
    const file = new URL(page.feedUrl).pathname.split("/").pop()!;
    const response = await feed(boat.id, file);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).not.toContain(renter.email);
    const calendar = new ICAL.Component(ICAL.parse(body));
    const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    expect(events.map((e) => [e.uid, e.summary, e.startDate.toString(), e.endDate.toString()])).toEqual([
      [`booking-${booked}@amarre`, "Reserva", day(90), day(92)],
      [expect.stringMatching(/^block-.*@amarre$/), "Bloqueado", day(95), day(96)],
    ]);
    // Wrong tokens, another listing's id, nonsense: 404, saying nothing.
    for (const [id, name] of [[boat.id, "x".repeat(32) + ".ics"], [boat.id, file.replace(".ics", "")], ["__proto__", file], [boat.id, "../etc.ics"]]) {
      expect((await feed(id, name)).status, name).toBe(404);
    }
    expect(statusOf(await calendarPost({ intent: "rotate", listing: boat.id }, owner.cookie))).toBe(303);
    expect((await feed(boat.id, file)).status).toBe(404);
  });
});

describe("search by dates", () => {
  it("leaves out boats that are not free on every chosen day, and shows them again once freed", async () => {
    const place = "marina-denia";
    const free = await createBoat(services, owner.uid, { instantBooking: true, portSlug: place, title: "Lancha libre para la búsqueda por fechas" });
    const busy = await createBoat(services, owner.uid, { instantBooking: true, portSlug: place, title: "Lancha ocupada para la búsqueda por fechas" });
    const booking = bookedId(await confirm({ listing: busy.id, start: day(150), end: day(151), people: "2" }, renter.cookie));
    const ids = async (query: Record<string, unknown>) => (await services.listings.search({ place: "Dénia", ...query })).items.map((l) => l.id);
    expect(await ids({})).toEqual(expect.arrayContaining([free.id, busy.id]));
    const on = await ids({ from: day(151), to: day(153) });
    expect(on).toContain(free.id);
    expect(on).not.toContain(busy.id);
    expect(await ids({ from: day(152), to: day(155) })).toContain(busy.id);
    await post(reservationActionFor(booking), "cancel");
    expect(await ids({ from: day(151), to: day(153) })).toContain(busy.id);
  });
});

function reservationActionFor(id: string) {
  return { id, path: `/ajustes/mis-reservas/${id}` };
}
async function post(target: { id: string; path: string }, intent: string) {
  return settle(() => reservationAction({ request: formPost(target.path, { intent }, renter.cookie), params: { id: target.id }, context: context() }));
}

describe("/ajustes/dashboard", () => {
  it("shows the owner's figures and the renter's next trips", async () => {
    const { loader: dashboardLoader } = await import("#app/features/site/routes/panel");
    const host = await createOwner(services, { displayName: "Figuras Armadora" });
    const guest = await createTestUser(services);
    // Boats need a licence without a skipper (issue 49): one kept on the profile covers them.
    await giveTestLicence(services, guest.uid);
    const boat = await createBoat(services, host.uid, { instantBooking: true, dayPriceCents: 100_00 });
    await createBoat(services, host.uid);
    bookedId(await confirm({ listing: boat.id, start: day(1), end: day(3), people: "2" }, guest.cookie));
    const load = async (cookie: string) => dataOf(await settle(() => dashboardLoader({ request: authedRequest("/ajustes/dashboard", cookie), params: {}, context: context() })));
    const hostView = await load(host.cookie);
    expect(hostView.figures.owner).toMatchObject({ upcoming: 1, pending: 0, earningsYearCents: expect.any(Number) });
    // Three of the next 30 days on one of two boats: 3 / 60.
    expect(hostView.figures.owner.occupancyPercent).toBe(5);
    const guestView = await load(guest.cookie);
    expect(guestView.figures.owner).toBeNull();
    expect(guestView.figures.trips).toEqual([expect.objectContaining({ start: day(1), end: day(3) })]);
  });
});
