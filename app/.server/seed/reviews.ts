import { addDays, createBookingsService, today } from "#app/features/bookings/.server";
import { createReviewsService } from "#app/features/reviews/.server";
import type { Services } from "../services";
import { demoPayments } from "./demo-payments";

/**
 * Demo reviews, the way they happen: past trips booked through the booking engine with its clock
 * set back, completed by the real clock, then reviewed (and most answered) through the reviews
 * service — without emails, since it is the past. Javier's Cap Camarat and the charter companies'
 * boats get reviews from Marta and Javier; Lucía's own completed trip still waits for hers.
 */
const DAY = 86_400_000;

const COMMENTS: Array<[number, string, string | null]> = [
  [5, "Barco impecable y muy bien equipado. La entrega fue puntual y nos explicaron todo con calma.", "¡Gracias! Os esperamos el próximo verano."],
  [4, "Muy buena jornada por las calas. El motor algo ruidoso, pero todo lo demás perfecto.", "Gracias por el aviso: el motor ya ha pasado revisión."],
  [5, "Todo fácil de principio a fin, y el patrón conocía cada rincón de la costa.", null],
  [3, "Correcto, aunque el barco tenía menos equipamiento del que indicaba el anuncio.", "Lo sentimos: hemos actualizado el anuncio con el equipo real."],
];

export async function seedDemoReviews(services: Services): Promise<void> {
  const { identity, listings, store } = services;
  const uidOf = async (email: string) => (await identity.getUserByEmail(email))?.uid ?? null;
  const [owner, pro, balear] = await Promise.all(["owner@amarre.test", "pro@amarre.test", "balear@amarre.test"].map(uidOf));
  if (!owner || !pro) return;
  const boatsOf = async (uid: string | null) => (uid ? (await listings.listByOwner(uid)).filter((l) => l.status === "published" && l.kind === "boat" && l.data.instantBooking) : []);
  const javier = (await boatsOf(owner)).find((boat) => boat.kind === "boat" && (boat.data.title ?? "").includes("Cap Camarat"));
  const others = await boatsOf(balear);
  const plan: Array<{ boatId: string; renterUid: string }> = [];
  if (javier) plan.push({ boatId: javier.id, renterUid: pro }, { boatId: javier.id, renterUid: balear ?? pro });
  for (const boat of others.slice(0, 2)) plan.push({ boatId: boat.id, renterUid: owner });

  let clock = Date.now();
  const bookings = createBookingsService({ store, listings, payments: demoPayments(), now: () => new Date(clock) });
  const reviews = createReviewsService({ store, listings, bookings });
  for (const [index, { boatId, renterUid }] of plan.entries()) {
    const tripDay = -(5 + index * 4);
    clock = Date.now() + (tripDay - 10) * DAY;
    const day = addDays(today(new Date()), tripDay);
    const booking = await bookings.book({ uid: renterUid, lang: "es" }, boatId, { start: day, end: day, part: null, people: 4, withSkipper: false });
    clock = Date.now();
    await bookings.applyDue();
    const [rating, comment, answer] = COMMENTS[index % COMMENTS.length]!;
    const review = await reviews.write(renterUid, booking.id, { rating, comment, lang: "es" });
    const ownerUid = (await listings.get(boatId))?.ownerUid;
    if (answer && ownerUid) await reviews.answer(ownerUid, review.id, answer);
  }
}
