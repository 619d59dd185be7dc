import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { authedRequest, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as boatLoader } from "#app/features/listings/routes/boat-detail";
import { action, loader } from "./reviews";

/**
 * Reviews with real Requests on the embedded backend: only the renter of a completed trip, once,
 * within 30 days; the owner answers once; every refusal a 4xx with a translated message; the
 * listing's page shows the average, the count, the review and the answer; both sides are emailed.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;
let stranger: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Armadora" });
  renter = await createTestUser(services, { displayName: "Rafa Renter" });
  stranger = await createTestUser(services, { displayName: "Sergio Stranger" });
});
afterAll(() => services.close());

const context = () => loadContext(services);
const day = (n: number) => addDays(today(new Date()), n);
const post = (fields: Record<string, string>, cookie: string, lang = "") => settle(() => action({ request: formPost(`${lang}/ajustes/opiniones`, fields, cookie), params: {}, context: context() }));

/** A trip of the renter on a new boat, ended `endedDaysAgo` days ago (or still ahead: "confirmed"). */
async function trip(endedDaysAgo: number, status: "completed" | "confirmed" = "completed") {
  const boat = await createBoat(services, owner.uid, { instantBooking: true });
  const booking = await services.bookings.book({ uid: renter.uid, lang: "es" }, boat.id, { start: day(20), end: day(20), part: null, people: 2, withSkipper: false });
  // The trip happened: as the scheduler leaves it once its day is over.
  await services.store.update("bookings", booking.id, { status, endsAt: new Date(Date.now() - endedDaysAgo * 86_400_000).toISOString() });
  return { boat, booking };
}

describe("/ajustes/opiniones", () => {
  it("lets the renter review a completed trip once; the owner answers once; the boat's page shows both", async () => {
    const { boat, booking } = await trip(2);
    const page = dataOf(await loader({ request: authedRequest("/ajustes/opiniones", renter.cookie), params: {}, context: context() }));
    expect(page.waiting.map((item: { bookingId: string }) => item.bookingId)).toContain(booking.id);

    const written = await post({ intent: "review", bookingId: booking.id, rating: "4", comment: "Barco impecable y el patrón muy amable." }, renter.cookie);
    expect(statusOf(written)).toBe(303);
    const again = await post({ intent: "review", bookingId: booking.id, rating: "5", comment: "Lo vuelvo a valorar otra vez." }, renter.cookie, "/en");
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again).errors).toEqual(["You have already reviewed this trip."]);

    const received = dataOf(await loader({ request: authedRequest("/ajustes/opiniones", owner.cookie), params: {}, context: context() })).received;
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ rating: 4, author: "Rafa Renter", answer: null });
    expect(statusOf(await post({ intent: "answer", reviewId: booking.id, answer: "¡Gracias, Rafa!" }, stranger.cookie))).toBe(404);
    expect(statusOf(await post({ intent: "answer", reviewId: booking.id, answer: "¡Gracias, Rafa!" }, owner.cookie))).toBe(303);
    const second = await post({ intent: "answer", reviewId: booking.id, answer: "Y otra vez." }, owner.cookie, "/de");
    expect(statusOf(second)).toBe(409);
    expect(dataOf(second).errors).toEqual(["Sie haben auf diese Bewertung bereits geantwortet."]);

    const boatPage = dataOf(await boatLoader({ request: pageRequest(`/boat/${boat.id}`), params: { id: boat.id }, context: context() }));
    expect(boatPage.reviews).toMatchObject({ average: 4, count: 1, items: [{ rating: 4, author: "Rafa Renter", answer: { text: "¡Gracias, Rafa!" } }] });
    expect((await services.listings.get(boat.id))?.rating).toBe(4);
    expect((await services.mailbox.list(owner.uid)).some((email) => email.subject.includes("4/5"))).toBe(true);
    expect((await services.mailbox.list(renter.uid)).some((email) => email.subject.includes("ha respondido a tu opinión"))).toBe(true);
  });

  it("refuses anyone else, a trip not finished, after 30 days and bad input, with translated 4xx and nothing written", async () => {
    const { booking } = await trip(1);
    const review = { intent: "review", bookingId: booking.id, rating: "5", comment: "Una salida estupenda por la bahía." };
    const cases: Array<[Record<string, string>, string, number, RegExp]> = [
      [review, stranger.cookie, 404, /no es tuya/],
      [{ ...review, rating: "9" }, renter.cookie, 400, /de 1 a 5/],
      [{ ...review, comment: "Bien" }, renter.cookie, 400, /entre 10 y 2000/],
      [{ ...review, comment: "Una salida estupenda\u0000 por la bahía." }, renter.cookie, 400, /caracteres de control invisibles/],
      [{ ...review, bookingId: (await trip(31)).booking.id }, renter.cookie, 409, /30 días/],
      [{ ...review, bookingId: (await trip(0, "confirmed")).booking.id }, renter.cookie, 409, /terminado/],
      [{ intent: "nonsense" }, renter.cookie, 400, /No hemos entendido/],
    ];
    for (const [fields, cookie, status, message] of cases) {
      const result = await post(fields, cookie);
      expect(statusOf(result), JSON.stringify(fields)).toBe(status);
      expect(dataOf(result).errors.join(" ")).toMatch(message);
    }
    expect(await services.reviews.written(renter.uid)).toHaveLength(1);
    expect(statusOf(await settle(() => loader({ request: pageRequest("/ajustes/opiniones"), params: {}, context: context() })))).toBe(302);
  });

  it("reads its forms through the body gate and one schema per intent: bodies no form sends are 400/413/415, bad fields a translated 400 with what was typed", async () => {
    const { booking } = await trip(2);
    const raw = (init: RequestInit, lang = "") => settle(() => action({ request: hostilePost(`${lang}/ajustes/opiniones`, renter.cookie, init), params: {}, context: context() }));
    const json = await raw(hostileBodies.json({ intent: "review", bookingId: booking.id, rating: "5", comment: "Una salida estupenda por la bahía." }), "/en");
    expect(statusOf(json)).toBe(415);
    expect(dataOf(json).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("review", "comment")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("review")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.brokenMultipart()))).toBe(400);
    const bad = await post({ intent: "review", bookingId: booking.id, rating: "cinco", comment: "Bien" }, renter.cookie, "/en");
    expect(statusOf(bad)).toBe(400);
    expect(dataOf(bad)).toMatchObject({ intent: "review", target: booking.id, values: { rating: "cinco", comment: "Bien" } });
    expect(dataOf(bad).errors).toHaveLength(2);
    expect(await services.reviews.written(renter.uid)).toHaveLength(1);
  });

  it("takes one review when the same trip is reviewed twice at the same moment", async () => {
    const { booking } = await trip(3);
    const fields = { intent: "review", bookingId: booking.id, rating: "5", comment: "Todo perfecto, repetiremos seguro." };
    const results = await Promise.all([post(fields, renter.cookie), post(fields, renter.cookie)]);
    expect(results.map(statusOf).sort()).toEqual([303, 409]);
    expect((await services.reviews.written(renter.uid)).filter((review) => review.bookingId === booking.id)).toHaveLength(1);
  });
});
