import type { Booking } from "#app/features/bookings/.server";
import type { UserProfile } from "#app/features/profiles/.server";
import { PLATFORM_ISSUER } from "#app/features/legal-pages/.server";
import type { InvoicesDeps } from "./context";
import { createInvoicesService } from "./service";
import type { DocumentStore } from "#app/.server/store";

/** People of the invoice tests: a company owner, a private owner (a lessor) and a renter. */
const base = { slug: "x", photo: null, bio: "", languages: [], phone: null, kind: "person" as const, company: null, lessor: null, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" };
export const testPeople: Record<string, UserProfile> = {
  company: { ...base, uid: "company", email: "pro@amarre.test", displayName: "Marta", kind: "professional", company: { name: "Náutica Balear Charter S.L.", taxId: "B07123456", phone: "+34 971 000 000", address: "Moll Vell 3, 07012 Palma" } },
  private: { ...base, uid: "private", email: "owner@amarre.test", displayName: "Javier", lessor: { legalName: "Javier Ortega Ruiz", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Carrer Major 1, 03700 Dénia", iban: "ES9121000418450200051332" } },
  renter: { ...base, uid: "renter", email: "renter@amarre.test", displayName: "Lucía Martín" },
};

export function testInvoices(store: DocumentStore, overrides: Partial<Pick<InvoicesDeps, "subjectTitle" | "subjectDock">> = {}) {
  return createInvoicesService({
    store,
    users: { getMany: async (uids) => new Map(uids.filter((uid) => testPeople[uid]).map((uid) => [uid, testPeople[uid]!])) },
    subjectTitle: async () => "Cap Camarat 7.5 «Brisa»",
    platform: PLATFORM_ISSUER,
    ...overrides,
  });
}

/** A cancellation as the bookings service records it. */
export function testCancellation(rule: "policy" | "owner-cancel", booking: Pick<Booking, "price">, percent = 100): NonNullable<Booking["cancellation"]> {
  const rentalRefundCents = rule === "owner-cancel" ? booking.price.ownerCents : Math.floor((booking.price.ownerCents * percent) / 100);
  const feeRefundCents = rule === "owner-cancel" ? booking.price.serviceFeeCents : 0;
  return { by: rule === "owner-cancel" ? "owner" : "renter", at: "2027-05-20T08:30:00.000Z", refundCents: rentalRefundCents + feeRefundCents, percent: rule === "owner-cancel" ? 100 : percent, rentalRefundCents, feeRefundCents, rule };
}

/** A confirmed booking of 2 days: rental 400 €, skipper 100 €, fee 50 €, paid 550 €. */
export function testBooking(id: string, owner: "company" | "private" = "company", overrides: Partial<Booking> = {}): Booking {
  return {
    id,
    reference: "AMR-7K3Q9",
    listingId: "boat-1",
    listingKind: "boat",
    ownerUid: owner,
    renterUid: "renter",
    status: "confirmed",
    renterLang: "es",
    expiresAt: null,
    endsAt: "2027-06-03T22:00:00.000Z",
    start: "2027-06-02",
    end: "2027-06-03",
    part: null,
    days: 2,
    people: 4,
    withSkipper: true,
    instant: true,
    cancellationPolicy: "moderate",
    price: { lines: [], rentalCents: 40_000, skipperDays: 2, skipperCents: 10_000, serviceFeeCents: 5_000, totalCents: 55_000, depositCents: 0, ownerCents: 50_000 },
    startsAt: "2027-06-01T22:00:00.000Z",
    money: { provider: "recorded", charges: false, reference: null, checkout: null, lines: [] },
    opsPending: false,
    moneyDueAt: null,
    cancellation: null,
    declineReason: null,
    slotIds: [],
    history: [{ at: "2027-01-01T00:00:00.000Z", by: "renter", uid: "renter", action: "book", from: null, to: "confirmed" }],
    createdAt: "2027-01-01T00:00:00.000Z",
    updatedAt: "2027-01-01T00:00:00.000Z",
    ...overrides,
  };
}
