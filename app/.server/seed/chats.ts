import { createChatsService } from "#app/features/chats/.server";
import type { Services } from "../services";

/**
 * Demo conversations, written through the conversations service with its clock set back, about
 * the demo bookings (./bookings.ts):
 * - Lucía and Javier, about the sailing boat she has sailed (a confirmed booking: their phone
 *   numbers show);
 * - Iago and Javier, about the sailing boat (no booking between them: Iago's email address and
 *   phone are hidden for both), waiting for Javier's answer;
 * - Lucía and the Barcelona charter that declined her request (her number, spelled out in words,
 *   stays hidden), with an answer she has not read.
 * The emails of the past are not sent.
 */
const MINUTE = 60_000;

type Line = [who: "a" | "b", minutesAgo: number, text: string];

/** The demo conversations' lines (also read by the masking tests: none of them may be masked wrongly). */
export const DEMO_CHAT_LINES: Record<"sailed" | "iago" | "declined", Line[]> = {
  sailed: [
    ["a", 60 * 24 * 12, "Hola Javier, ya tenemos la reserva del velero. ¿Dónde aparcamos en el puerto?"],
    ["b", 60 * 24 * 12 - 25, "¡Hola Lucía! Hay parking en el Moll Vell. Llámame al llegar: +34 600 123 456."],
    ["a", 60 * 24 * 12 - 40, "Perfecto. Mi móvil es el 611 22 33 44 por si acaso."],
    ["a", 60 * 24 * 8, "¡Gracias por todo, fue un día estupendo!"],
    ["b", 60 * 24 * 8 - 90, "Gracias a vosotros. ¡Hasta la próxima!"],
  ],
  iago: [
    ["a", 60 * 5, "Buenas, Javier. ¿El velero está libre el puente de diciembre? ¿Incluye el patrón?"],
    ["a", 60 * 5 - 2, "Si te va mejor, escríbeme a iago.fernandez@gmail.com o llámame al 655 44 33 22."],
  ],
  declined: [
    ["a", 60 * 26, "Hola, ¿por qué habéis rechazado la solicitud? ¿Hay otras fechas libres?"],
    ["a", 60 * 26 - 1, "Mi número: seis uno uno, veintidós, treinta y tres, cuarenta y cuatro."],
    ["b", 60 * 20, "Hola Lucía, esos días el barco está en revisión. La semana siguiente está libre: haz la solicitud y la aceptamos."],
  ],
};

export async function seedDemoChats(services: Services): Promise<void> {
  const { identity, listings, store, bookings } = services;
  const uidOf = async (email: string) => (await identity.getUserByEmail(email))?.uid ?? null;
  const [renter, owner, iago, bcn] = await Promise.all(["renter@amarre.test", "owner@amarre.test", "iago@amarre.test", "bcn@amarre.test"].map(uidOf));
  if (!renter || !owner) return;
  const trips = await bookings.listForRenter(renter);
  const sailed = trips.find((trip) => trip.ownerUid === owner && trip.status === "completed");
  const declined = trips.find((trip) => trip.status === "declined");

  let clock = Date.now();
  const chats = createChatsService({ store, listings, contactRevealAt: (a, b, at) => bookings.contactRevealAt(a, b, at), now: () => new Date(clock) });
  async function conversation(listingId: string, a: string, b: string, lines: Line[], readBy: string[]) {
    let chatId: string | null = null;
    for (const [who, minutesAgo, text] of lines) {
      clock = Date.now() - minutesAgo * MINUTE;
      const from = who === "a" ? a : b;
      if (chatId === null) chatId = (await chats.start(from, { listingId, to: who === "a" ? undefined : a, text })).chatId;
      else await chats.send(from, chatId, text);
    }
    for (const uid of readBy) if (chatId) await chats.markRead(uid, chatId);
    return chatId;
  }

  if (sailed) {
    await conversation(
      sailed.listingId,
      renter,
      owner,
      DEMO_CHAT_LINES.sailed,
      [renter, owner],
    );
  }
  if (sailed && iago) {
    await conversation(
      sailed.listingId,
      iago,
      owner,
      DEMO_CHAT_LINES.iago,
      [],
    );
  }
  if (declined && bcn) {
    await conversation(
      declined.listingId,
      renter,
      bcn,
      DEMO_CHAT_LINES.declined,
      [bcn],
    );
  }
  // The past's emails are not sent: whatever is due is dropped by a service that emails nobody.
  clock = Date.now() + 24 * 60 * MINUTE;
  await chats.applyDue();
}
