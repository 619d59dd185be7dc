import { beforeAll, describe } from "vitest";
import { firestoreForFile } from "#tests/firestore-store";
import { demoPorts } from "#app/.server/seed/ports";
import type { FirestoreStore } from "#app/.server/store/firestore";
import { createListingsService, type ListingsService } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService, type UsersService } from "#app/features/profiles/.server";
import { ownerStandingSuite, type OwnerStandingFixture } from "./owner-standing.contract";
import { standingBackfillSuite } from "./owner-standing-backfill.contract";
import { ATTEMPTS } from "./owner-standing-backfill";

/**
 * The owner's standing on Firestore: Google's emulator where the machine has it (real
 * transactions: parallel answers contend on the owner's record and retry), else the in-process one.
 */
const firestore = firestoreForFile("owner-standing");

describe(`bookings: the owner's standing on Firestore (${firestore.emulator})`, { timeout: 120_000 }, () => {
  let store: FirestoreStore;
  let users: UsersService;
  let listings: ListingsService;
  let owners = 0;

  beforeAll(async () => {
    store = firestore.store();
    users = createUsersService(store);
    const ports = createPortsService(store);
    listings = createListingsService({ store, users, ports });
    for (const port of demoPorts) await ports.save(port);
  });

  const fixture = (): OwnerStandingFixture => ({
    store,
    listings,
    async owner() {
      const uid = `standing-owner-${++owners}`;
      await users.create({ uid, email: `${uid}@amarre.test`, displayName: `Armadora ${owners}`, kind: "person" });
      await users.setLessor(uid, { legalName: `Armadora ${owners}`, idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
      return uid;
    },
    boat: (ownerUid, instant) => publishBoat(listings, ownerUid, { instantBooking: instant }),
  });
  ownerStandingSuite(fixture, { parallel: 8 });
  // The backfill (decision 061's amendment): requests answered while it reads the owner, on real transactions.
  standingBackfillSuite(() => ({ ...fixture(), stillHere: async (uid) => (await users.get(uid)) !== null }), { parallel: ATTEMPTS - 1 });
});
