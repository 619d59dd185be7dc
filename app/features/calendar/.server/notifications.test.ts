import { describe, expect, it } from "vitest";
import type { Listing } from "#app/features/listings/.server";
import { renderSystemEmail, type SystemEmail } from "#app/features/mailbox/.server";
import type { UserProfile } from "#app/features/profiles/.server";
import type { CalendarImport, ImportConflict } from "./model";
import { createConflictNotifier, createFailingNotifier, newConflicts } from "./notifications";

/** The owner's emails about a double booking across platforms and a calendar that keeps failing, in their language. */
describe("calendar conflict emails", () => {
  const conflict = (uid: string, start: string, bookingIds = ["b1"]): ImportConflict => ({ uid, summary: "Reserved", allDay: true, start, end: start, bookingIds });

  it("are about the conflicts not known before", () => {
    const before = [conflict("a@x", "2027-04-10")];
    expect(newConflicts(before, [conflict("a@x", "2027-04-10"), conflict("b@x", "2027-04-12")])).toEqual([conflict("b@x", "2027-04-12")]);
    // The same event over another booking is news.
    expect(newConflicts(before, [conflict("a@x", "2027-04-10", ["b2"])])).toHaveLength(1);
    expect(newConflicts(before, [])).toEqual([]);
    // One of its bookings cancelled: the event over the others is known already (issue 44).
    expect(newConflicts([conflict("a@x", "2027-04-10", ["b1", "b2"])], [conflict("a@x", "2027-04-10", ["b2"])])).toEqual([]);
  });

  it("name the listing, the other calendar and each day, in the owner's language, with the link to the calendar page", async () => {
    const sent: Array<{ uid: string; to: string; lang: string; email: SystemEmail }> = [];
    const notify = createConflictNotifier({
      mailbox: { deliver: async (input) => (sent.push(input as (typeof sent)[number]), undefined as never) },
      users: { getMany: async () => new Map([["owner-1", { displayName: "Javier", email: "owner@amarre.test", lang: "de" } as UserProfile]]) },
      listings: { titleOf: async (_listing, lang) => (lang === "de" ? "Motorboot in Palma" : "Lancha en Palma") },
      link: (lang) => `https://amarre.test/${lang}/ajustes/mi-calendario`,
    });
    const record = { id: "imp1", ownerUid: "owner-1", url: "https://www.airbnb.com/calendar/ical/1.ics" } as CalendarImport;
    await notify(record, { id: "l1" } as Listing, [conflict("a@x", "2027-04-10"), conflict("b@x", "2027-04-12T09:00:00.000Z")]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ uid: "owner-1", to: "owner@amarre.test", lang: "de" });
    const { subject, text } = renderSystemEmail("de", sent[0]!.email);
    expect(subject).toBe("Kalenderkonflikt bei Motorboot in Palma");
    expect(text).toContain("https://www.airbnb.com/calendar/ical/1.ics");
    expect(text).toContain("- 10. April 2027: Reserved\n- 12. April 2027: Reserved");
    expect(text).toContain("(2 im Konflikt)");
    expect(text).toContain("https://amarre.test/de/ajustes/mi-calendario");
    // Nothing new, nothing sent.
    await notify(record, { id: "l1" } as Listing, []);
    expect(sent).toHaveLength(1);
  });

  it("a calendar that keeps failing: the listing, the address, how many tries and why the last failed, in the owner's language", async () => {
    const sent: Array<{ uid: string; to: string; lang: string; email: SystemEmail }> = [];
    const notify = createFailingNotifier({
      mailbox: { deliver: async (input) => (sent.push(input as (typeof sent)[number]), undefined as never) },
      users: { getMany: async () => new Map([["owner-1", { displayName: "Javier", email: "owner@amarre.test", lang: "de" } as UserProfile]]) },
      listings: { titleOf: async (_listing, lang) => (lang === "de" ? "Motorboot in Palma" : "Lancha en Palma") },
      link: (lang) => `https://amarre.test/${lang}/ajustes/mi-calendario`,
    });
    const record = { id: "imp1", ownerUid: "owner-1", url: "https://feeds.example/cal.ics", failures: 3, error: { code: "too-complex", status: null, at: "2027-02-01T10:00:00.000Z" } } as CalendarImport;
    await notify(record, { id: "l1" } as Listing);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ uid: "owner-1", to: "owner@amarre.test", lang: "de" });
    const german = renderSystemEmail("de", sent[0]!.email);
    expect(german.subject).toBe("Ihr importierter Kalender für Motorboot in Palma schlägt weiter fehl");
    expect(german.text).toContain("https://feeds.example/cal.ics");
    expect(german.text).toContain("3-mal in Folge");
    expect(german.text).toContain("der Kalender ist zu komplex zum Lesen");
    expect(german.text).toContain("https://amarre.test/de/ajustes/mi-calendario");
    // The same email read in Spanish (the inbox renders it again in the page's language).
    const spanish = renderSystemEmail("es", { ...sent[0]!.email, params: { ...sent[0]!.email.params, reason: { t: "bookings:calendar.imports.reason.http-status", values: { status: 503 } } } });
    expect(spanish.text).toContain("El último intento falló: respondió con el error 503.");
  });
});
