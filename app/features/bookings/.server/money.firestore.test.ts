import { beforeAll, describe } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import { demoPorts } from "#app/.server/seed/ports";
import { FirestoreStore } from "#app/.server/store/firestore";
import { createListingsService } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import { moneySuite } from "./money.contract";

/** Every money path of a booking on Firestore (Google's emulator where installed, else the in-process one). */
const firestore = firestoreForFile("money");
let store: FirestoreStore;
let listings: ReturnType<typeof createListingsService>;

beforeAll(async () => {
  store = firestore.store();
  const users = createUsersService(store);
  const ports = createPortsService(store);
  listings = createListingsService({ store, users, ports });
  for (const port of demoPorts) await ports.save(port);
  await users.create({ uid: "money-owner", email: "money-owner@amarre.test", displayName: "Armador Dinero", kind: "person" });
  await users.setLessor("money-owner", { legalName: "Armador Dinero", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
});

describe(`booking money on Firestore (${firestore.emulator})`, { timeout: 60_000 }, () => {
  moneySuite(() => ({
    store,
    listings,
    ownerUid: "money-owner",
    serialisesTransactions: firestore.google,
    boat: ({ instant }) => publishBoat(listings, "money-owner", { instantBooking: instant, dayPriceCents: 45_000, depositCents: 80_000, cancellationPolicy: "moderate" }),
  }));
});
