import sharp from "sharp";
import { addDays, bookingEmailHandler, createBookingsService, today, type BookingChoice } from "#app/features/bookings/.server";
import { createHandoverService } from "#app/features/handover/.server";
import type { Listing } from "#app/features/listings/.server";
import type { Services } from "../services";
import { demoPayments } from "./demo-payments";

/**
 * Demo bookings in every state, written through the booking engine. Past states are made the
 * way they happen: a booking service whose clock is set back books (and answers) at that moment,
 * and the real clock then completes or expires them on the first read or scheduler run.
 *
 * - Lucía (renter@): a completed trip on Javier's sailing boat whose deposit was released, a trip
 *   on his motorboat that ended yesterday whose deposit he claims, one in four days the demo
 *   forecast makes unsafe (decision 031), an upcoming confirmed one, a
 *   pending request to Javier, one she cancelled (nothing owed: the demo takes no online payment,
 *   decision 048), one declined and one that expired.
 * - Javier (owner@): those requests to answer (one from Marta, pro@), Marta's trip on his sailing
 *   boat that ended yesterday (its deposit still his to claim), and a few blocked days.
 * - Both trips that ended yesterday have their check-in and check-out (decision 032): Lucía's
 *   check-out by Javier notes the torn bimini (she disputes it; his claim points at its photo and
 *   quotes its notes); Marta's check-out waits for Javier to confirm or dispute it.
 */
const DAY = 86_400_000;

export async function seedDemoBookings(services: Services): Promise<void> {
  const { identity, listings, store, mailbox, users, config } = services;
  const uidOf = async (email: string) => (await identity.getUserByEmail(email))?.uid ?? null;
  const [renter, owner, pro, balear, bcn] = await Promise.all(
    ["renter@amarre.test", "owner@amarre.test", "pro@amarre.test", "balear@amarre.test", "bcn@amarre.test"].map(uidOf),
  );
  if (!renter || !owner || !pro) return;
  const published = async (uid: string | null) => (uid ? (await listings.listByOwner(uid)).filter((l) => l.status === "published" && l.kind === "boat") : []);
  const [ownerBoats, balearBoats, bcnBoats] = await Promise.all([published(owner), published(balear), published(bcn)]);
  const titled = (boats: Listing[], words: string) => boats.find((b) => b.kind === "boat" && (b.data.title ?? "").includes(words));
  const sailing = titled(ownerBoats, "Sun Odyssey");
  const motorboat = titled(ownerBoats, "Cap Camarat");
  if (!sailing || !motorboat) return;

  let clock = Date.now();
  const bookings = createBookingsService({
    store,
    listings,
    payments: demoPayments(),
    now: () => new Date(clock),
    handlers: [bookingEmailHandler({ mailbox, users, listings, origin: config.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${config.PORT || 3000}` })],
  });
  const at = (daysFromNow: number) => {
    clock = Date.now() + daysFromNow * DAY;
  };
  const day = (n: number) => addDays(today(new Date()), n);
  const choice = (start: string, end: string, people = 4, withSkipper = false): BookingChoice => ({ start, end, part: null, people, withSkipper });
  const person = (uid: string) => ({ uid, lang: "es" });

  // Completed: requested 20 days ago for 10 days ago, accepted the next day.
  at(-20);
  const past = await bookings.book(person(renter), sailing.id, choice(day(-10), day(-9), 6, true));
  at(-19);
  await bookings.act(past.id, owner, "owner", "accept");

  // Expired: a request five days ago nobody answered.
  const expiring = bcnBoats.find((b) => !(b.kind === "boat" && b.data.instantBooking));
  if (expiring) {
    at(-5);
    await bookings.book(person(renter), expiring.id, choice(day(25), day(25)));
  }

  // Ended yesterday: an instant booking of Javier's motorboat ten days ago; its deposit is claimed below.
  at(-10);
  const yesterday = await bookings.book(person(renter), motorboat.id, choice(day(-1), day(-1), 5));

  // Ended yesterday too: Marta's request for Javier's sailing boat, accepted; its deposit is not claimed (Javier may until tomorrow night).
  at(-9);
  const martaTrip = await bookings.book(person(pro), sailing.id, choice(day(-1), day(-1), 4));
  at(-8);
  await bookings.act(martaTrip.id, owner, "owner", "accept");

  at(0);
  // Upcoming: an instant booking of Javier's motorboat.
  await bookings.book(person(renter), motorboat.id, choice(day(14), day(15), 5));
  // Four days ahead, on the motorboat too: the demo forecast blows over the Bay of Palma that day
  // (a yellow coastal warning, force 5), so the trip's page offers a weather cancellation or move.
  await bookings.book(person(renter), motorboat.id, choice(day(4), day(4), 4));
  // Pending: Lucía's request for Javier's sailing boat, and Marta's.
  await bookings.book(person(renter), sailing.id, choice(day(21), day(23), 6, true));
  await bookings.book(person(pro), sailing.id, choice(day(35), day(36), 4));
  // Cancelled by Lucía: an instant booking she called off 30 days ahead. The demo takes no online
  // payment, so nothing was paid and nothing stays owed (decision 048): one corrective invoice (R) annuls the rental.
  const instantBalear =
    titled(balearBoats, "Activ 755") ?? balearBoats.find((b) => b.kind === "boat" && b.data.instantBooking);
  if (instantBalear) {
    const cancelled = await bookings.book(person(renter), instantBalear.id, choice(day(30), day(30), 4));
    await bookings.act(cancelled.id, renter, "renter", "cancel");
  }
  // Declined by the Barcelona charter.
  const declining = bcnBoats.find((b) => b.id !== expiring?.id && !(b.kind === "boat" && b.data.instantBooking));
  if (declining && bcn) {
    const declined = await bookings.book(person(renter), declining.id, choice(day(40), day(41), 4));
    await bookings.act(declined.id, bcn, "owner", "decline");
  }
  // Javier keeps a long weekend for himself.
  await bookings.block(owner, sailing.id, day(50), day(52));
  // Apply what the real clock has made due (the completed trips, the released deposit, the expired request).
  await services.bookings.applyDue();
  // Yesterday's handovers and returns, recorded on the day (decision 032).
  at(-1);
  const handover = createHandoverService({ store, blobs: services.blobs, bookings, listings, now: () => new Date(clock) });
  await handover.record(renter, yesterday.id, "check-in", { fuelEighths: 8, engineHours: 412.5, notes: "Depósito lleno, casco y toldo sin marcas, seis chalecos a bordo." });
  await handover.answer(owner, yesterday.id, "check-in", { status: "confirmed" });
  const returned = await handover.record(owner, yesterday.id, "check-out", {
    fuelEighths: 3,
    engineHours: 418.2,
    notes: "El toldo bimini vuelve con un desgarro de 30 cm en la costura delantera. Resto en orden.",
    damage: true,
    photos: [await tornBimini()],
  });
  await handover.answer(renter, yesterday.id, "check-out", { status: "disputed", note: "La costura del toldo ya estaba descosida al salir; el viento solo la abrió un poco más." });
  await handover.record(owner, martaTrip.id, "check-in", { fuelEighths: 8, engineHours: 1_210, notes: "Velas y jarcia revisadas; dos bidones de agua llenos." });
  await handover.answer(pro, martaTrip.id, "check-in", { status: "confirmed", note: "Todo como se describe." });
  await handover.record(pro, martaTrip.id, "check-out", { fuelEighths: 6, engineHours: 1_214.5, notes: "Devuelto en su amarre del Club de Mar, limpio y con las velas recogidas. Se perdió una defensa al amarrar." });
  // Javier claims part of yesterday's deposit (within the 48 hours after the trip), pointing at the check-out.
  await services.deposits.claim(owner, yesterday.id, {
    amountCents: 25_000,
    reason: "El toldo bimini volvió con un desgarro de 30 cm en la costura delantera; presupuesto de reparación de la velería: 250 €.",
    photos: [await tornBimini()],
    evidence: { photoIds: returned.photos.map((photo) => photo.id), quote: "desgarro de 30 cm en la costura delantera" },
  });
}

/** The claim's photo: a drawing of the bimini's canvas with its tear (the photo pipeline takes it like any upload). */
async function tornBimini(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
    <rect width="960" height="640" fill="#9cc9e8"/>
    <rect y="470" width="960" height="170" fill="#2f6f99"/>
    <path d="M120 300 Q480 150 840 300 L800 340 Q480 210 160 340 Z" fill="#1f3a5f"/>
    <path d="M430 228 l18 26 l-14 18 l22 22 l-10 24" fill="none" stroke="#f4f1ea" stroke-width="9" stroke-linejoin="round"/>
    <path d="M160 340 L170 470 M800 340 L790 470" stroke="#c9ced6" stroke-width="8"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}
