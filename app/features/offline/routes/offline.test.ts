import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, createBookingsService, today, type Booking } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { action as reservationAction } from "#app/features/bookings/routes/reservation";
import { action as logoutAction } from "#app/features/accounts/routes/logout";
import { action as loginAction } from "#app/features/accounts/routes/login";
import { loader as tripsLoader } from "./offline-trips";
import { loader as offlineLoader } from "./offline";
import { offlineKey, upcomingTrips } from "./offline-trips.server";

/**
 * A trip day without coverage (decision 060) with real Requests on the embedded backend: the list
 * of pages the service worker keeps, checked against the session (nobody's for a visitor, only the
 * person's own upcoming trips, in the page's language); a check-in sent again from the phone under
 * the same submission id recorded once; sign-out telling the browser to clear what it kept.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Omar Owner" });
  renter = await createTestUser(services, { displayName: "Rosa Renter" });
  stranger = await createTestUser(services, { displayName: "Saúl Stranger" });
}, 60_000);
afterAll(() => services.close());

const context = () => loadContext(services);
/** A one-day trip of the renter on a new boat of the owner, booked three days ago, `inDays` days from today. */
async function trip(inDays: number): Promise<Booking> {
  const clock = new Date(Date.now() - 3 * 86_400_000);
  const bookings = createBookingsService({ store: services.store, listings: services.listings, payments: services.payments, now: () => clock });
  const boat = await createBoat(services, owner.uid, { instantBooking: true });
  const day = addDays(today(new Date()), inDays);
  const booking = await bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day, end: day, part: null, people: 2, withSkipper: false });
  await services.bookings.applyDue();
  return (await services.bookings.getFor(booking.id, renter.uid))!.booking;
}
const list = async (cookie: string | null, lang?: string) => {
  const path = `/resources/offline-trips${lang ? `?lang=${lang}` : ""}`;
  const response = (await tripsLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: {}, context: context() })) as Response;
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as { user: string | null; pages: string[] };
};

describe("the pages the phone keeps", () => {
  it("nobody's for a visitor; a person's own upcoming trips only, on their side, in the page's language", async () => {
    const soon = await trip(0);
    const later = await trip(2);
    const far = await trip(45);
    expect(await list(null)).toEqual({ user: null, pages: [] });

    const mine = await list(renter.cookie);
    expect(mine.user).toBe(offlineKey(renter.uid));
    expect(mine.pages).toEqual(["/ajustes/mis-reservas", `/ajustes/mis-reservas/${soon.id}`, `/ajustes/mis-reservas/${later.id}`]);
    expect(mine.pages.join(" ")).not.toContain(far.id);
    expect((await list(renter.cookie, "de")).pages[1]).toBe(`/de/ajustes/mis-reservas/${soon.id}`);
    // A language the site does not have: the request's own (Spanish here).
    expect((await list(renter.cookie, "x".repeat(5_000))).pages[0]).toBe("/ajustes/mis-reservas");

    const theirs = await list(owner.cookie, "fr");
    expect(theirs.user).not.toBe(mine.user);
    expect(theirs.pages).toEqual(["/fr/ajustes/mis-reservas", "/fr/ajustes/gestion-de-alquileres", `/fr/ajustes/gestion-de-alquileres/${soon.id}`, `/fr/ajustes/gestion-de-alquileres/${later.id}`]);
    expect(await list(stranger.cookie, "en")).toEqual({ user: offlineKey(stranger.uid), pages: ["/en/ajustes/mis-reservas"] });
  }, 60_000);

  it("keeps confirmed trips that have not ended, soonest first, at most ten", () => {
    const now = new Date("2027-06-10T10:00:00Z");
    const booking = (id: string, start: string, status: Booking["status"], endsAt = `${start}T18:00:00Z`) => ({ id, start, status, endsAt }) as Booking;
    const trips = [
      booking("later", "2027-06-20", "confirmed"),
      booking("today", "2027-06-10", "confirmed"),
      booking("ended", "2027-06-09", "confirmed"),
      booking("pending", "2027-06-11", "pending"),
      booking("cancelled", "2027-06-12", "cancelled"),
      booking("beyond", "2027-07-11", "confirmed"),
      ...Array.from({ length: 12 }, (_, i) => booking(`many-${i}`, `2027-06-${String(21 + i).padStart(2, "0")}`, "confirmed")),
    ];
    const kept = upcomingTrips(trips, now).map((b) => b.id);
    expect(kept.slice(0, 2)).toEqual(["today", "later"]);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain("ended");
    expect(kept).not.toContain("pending");
    expect(kept).not.toContain("beyond");
  });
});

describe("a check-in kept on the phone and sent again", () => {
  const jpeg = async () => new Uint8Array(await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2255aa" } }).jpeg().toBuffer());
  async function send(id: string, submission: string | null, lang = "") {
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "check-in", fuel: "6", engineHours: "77,5", notes: "Desde el pantalán, sin cobertura." })) form.append(key, value);
    if (submission !== null) form.append("submission", submission);
    form.append("photos", new Blob([await jpeg()], { type: "image/jpeg" }), "proa.jpg");
    return settle(() => reservationAction({ request: authedRequest(`${lang}/ajustes/mis-reservas/${id}`, renter.cookie, { method: "POST", body: form }), params: { id }, context: context() }));
  }

  it("is recorded once: the same submission id again is answered as done, another send is refused (409, translated)", async () => {
    const booking = await trip(0);
    const id = "5b0c1f3e-2a9d-4e8f-b7c6-0d1e2f3a4b5c";
    expect(statusOf(await send(booking.id, id))).toBe(303);
    expect(statusOf(await send(booking.id, id, "/en"))).toBe(303);
    const records = await services.handover.forBooking(booking.id, { uid: renter.uid, role: "user" });
    expect(records?.checkIn).toMatchObject({ fuelEighths: 6, engineHours: 77.5, submission: id });
    expect(records?.checkIn?.photos).toHaveLength(1);
    const other = await send(booking.id, "9b0c1f3e-2a9d-4e8f-b7c6-0d1e2f3a4b5c", "/en");
    expect(statusOf(other)).toBe(409);
    expect(dataOf(other).refusal.message).toMatch(/already/i);
    // Without an id (a form sent without JavaScript, or a broken one): a plain second send, refused.
    expect(statusOf(await send(booking.id, null))).toBe(409);
    expect(statusOf(await send(booking.id, "x".repeat(10_000)))).toBe(409);
  }, 60_000);
});

describe("sign-out and the offline page", () => {
  it("sign-out tells the browser to clear its caches and storage (the worker's kept pages and queue)", async () => {
    const person = await createTestUser(services, { displayName: "Sofía Salida" });
    const response = (await settle(() => logoutAction({ request: formPost("/api/logout", { lang: "fr" }, person.cookie), params: {}, context: context() }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
  });

  it("sign-in clears the browser's storage: another person's kept trips never outlive a new session", async () => {
    const person = await createTestUser(services, { displayName: "Inés Entrada" });
    const response = (await settle(() => loginAction({ request: formPost("/login", { email: person.email, password: person.password }), params: {}, context: context() }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
    expect(response.headers.get("Clear-Site-Data")).toBe('"storage"');
  });

  it("is translated in the four languages", async () => {
    const titles: string[] = [];
    for (const lang of ["", "/en", "/fr", "/de"]) {
      const result = (await offlineLoader({ request: pageRequest(`${lang}/sin-conexion`), params: {}, context: context() })) as { meta: { title: string } };
      titles.push(result.meta.title);
    }
    expect(titles).toEqual(["Sin conexión", "Offline", "Hors connexion", "Keine Verbindung"]);
  });
});
