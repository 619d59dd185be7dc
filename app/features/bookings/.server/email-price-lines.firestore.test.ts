import { beforeAll, describe, expect, it } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import { createMailboxService } from "#app/features/mailbox/.server";
import { priceLinesParam } from "./email-price-lines";
import type { Booking } from "./model";

/**
 * A booking email's price lines are a list parameter (`{ lines: [...] }`): Firestore keeps it as
 * an array of maps, and the mailbox renders it back, line by line, in the reader's language.
 */
const firestore = firestoreForFile("email-price-lines", { inProcess: true });

describe(`a booking email's price lines on Firestore (${firestore.emulator})`, () => {
  let mailbox: ReturnType<typeof createMailboxService>;
  beforeAll(() => {
    mailbox = createMailboxService({ store: firestore.store(), transport: null });
  });

  it("are stored and read back as the embedded store reads them", async () => {
    const price = {
      lines: [
        { unit: "day", count: 2, unitCents: 200_00, totalCents: 400_00 },
        { unit: "day", count: 1, unitCents: 250_00, totalCents: 250_00, weekend: true },
        { unit: "day", count: 2, unitCents: 280_00, totalCents: 560_00, season: "Temporada alta" },
      ],
      rentalCents: 1_210_00,
      skipperDays: 0,
      skipperCents: 0,
      serviceFeeCents: 121_00,
      totalCents: 1_331_00,
      depositCents: 0,
      ownerCents: 1_210_00,
    };
    const booking = { status: "pending", price, money: { lines: [], charges: true }, startsAt: "2027-06-09T22:00:00.000Z", endsAt: "2027-06-14T22:00:00.000Z" } as unknown as Booking;
    await mailbox.deliver({ uid: "renter-f", to: "renter-f@amarre.test", lang: "es", email: { subject: "booking.requestedRenter.subject", text: "booking.requestedRenter.text", params: { lines: priceLinesParam(booking, "renter") } }, link: null });
    const [es] = await mailbox.list("renter-f");
    expect(es!.text.replace(/[\u00a0\u202f]/g, " ")).toContain(
      "El precio, día a día:\n· 2 días × 200,00 €: 400,00 €\n· 1 día × 250,00 € (fin de semana): 250,00 €\n· 2 días × 280,00 € (Temporada alta): 560,00 €\n· Tarifa de servicio (10 %): 121,00 €\n· Total: 1331,00 €",
    );
    const [en] = await mailbox.list("renter-f", { lang: "en" });
    expect(en!.text).toContain("· 1 day × €250.00 (weekend): €250.00\n· 2 days × €280.00 (Temporada alta): €560.00\n· Service fee (10%): €121.00\n· Total: €1,331.00");
  });
});
