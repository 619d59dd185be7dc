import { describe, expect, it } from "vitest";
import type { DocumentStore } from "#app/.server/store";
import { createRecordedPayments } from "#app/.server/payments";
import { demoPorts } from "#app/.server/seed/ports";
import { createBookingsService } from "#app/features/bookings/.server";
import { createListingsService, type Listing } from "#app/features/listings/.server";
import { publishBoat } from "#app/features/listings/.server/test-fixtures";
import { createPortsService } from "#app/features/ports/.server";
import { createUsersService } from "#app/features/profiles/.server";
import type { WeatherEvidence } from "#app/features/weather/.server";
import { secondlySeriesFeed } from "#tests/hostile-feeds";
import { CALENDAR_IMPORTS, CalendarFetchError, CalendarSyncError, type CalendarFetcher, type CalendarImport, type FetchOutcome, type ImportConflict } from "./model";
import { createCalendarSyncService } from "./service";

/**
 * The rule of imported calendars, on any store: an imported event holds its slots through the
 * bookings' claim (whole days, or the half days a timed event overlaps), never touches an Amarre
 * booking (the overlap is kept as a conflict), a failed sync keeps the last good slots and says
 * why, an event gone from the feed frees its slots at the next good sync, and removing the
 * calendar frees them all. A calendar too complex to read is a recorded failure like any other;
 * the scheduler marks what it reads, counts an interrupted read as a failure, and after three
 * failures in a row waits longer and tells the owner once (decision 046).
 */
export function calendarSyncContract(name: string, openStore: () => Promise<DocumentStore>) {
  describe(`imported calendars hold days through the slot claim (${name})`, () => {
    const clock = { now: new Date("2027-02-01T10:00:00Z") };
    const now = () => clock.now;
    // The fake feed: what the next fetch answers.
    let answer: () => FetchOutcome = () => ({ kind: "ok", text: "", etag: null, lastModified: null });
    const seen: Array<{ etag: string | null; lastModified: string | null }> = [];
    const ics = (...events: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN", ...events, "END:VCALENDAR"].join("\r\n");
    const allDay = (uid: string, start: string, end: string) => `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;VALUE=DATE:${start}\r\nDTEND;VALUE=DATE:${end}\r\nSUMMARY:Reserved\r\nEND:VEVENT`;
    const timed = (uid: string, start: string, end: string) => `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTART;TZID=Europe/Madrid:${start}\r\nDTEND;TZID=Europe/Madrid:${end}\r\nSUMMARY:Trip\r\nEND:VEVENT`;
    const ok = (text: string, etag: string | null = null): FetchOutcome => ({ kind: "ok", text, etag, lastModified: null });
    const storm: WeatherEvidence = { source: "fixture", issuedAt: "2027-02-01T06:00:00Z", boatClass: "small", date: "2027-05-06", windKnots: 23, gustKnots: 30, waveM: 1.8, beaufort: 6, reasons: [{ kind: "wind", beaufort: 6, limit: 5 }] };

    async function setup() {
      const store = await openStore();
      const users = createUsersService(store);
      const ports = createPortsService(store);
      const listings = createListingsService({ store, users, ports });
      for (const port of demoPorts.slice(0, 5)) await ports.save(port);
      const owner = `owner-${Math.random().toString(36).slice(2, 8)}`;
      await users.create({ uid: owner, email: `${owner}@amarre.test`, displayName: "Armadora", kind: "person" });
      await users.setLessor(owner, { legalName: "Armadora Uno", idDocument: "12345678Z", phone: "+34 600 000 000", address: "Passeig Marítim 1, 07014 Palma", iban: "ES9121000418450200051332" });
      // The forecast always says unsafe: either side may cancel or move a trip for the weather.
      const bookings = createBookingsService({ store, listings, payments: createRecordedPayments(), now, weatherEvidence: async () => storm });
      // What the owner was told: each scheduled sync's conflicts not known before, each run of failures.
      const told: ImportConflict[][] = [];
      const toldFailing: CalendarImport[] = [];
      // A server's calendar service; `fetcher` replaces the fake feed (a second server, one that restarted).
      const serve = (fetcher?: CalendarFetcher) =>
        createCalendarSyncService({
          store,
          listings,
          bookings,
          now,
          minutes: 30,
          notifyConflicts: async (_record, _listing, fresh) => {
            told.push(fresh);
          },
          notifyFailing: async (record) => {
            toldFailing.push(record);
          },
          fetcher:
            fetcher ??
            (async (_url, conditions) => {
              seen.push(conditions);
              return answer();
            }),
        });
      const sync = serve();
      const boat: Listing = await publishBoat(listings, owner, { instantBooking: true });
      const slotsOf = async () => (await bookings.slots(boat.id, "2027-02-01", "2027-12-31")).map((s) => `${s.date}${s.part ? `_${s.part}` : ""}:${s.kind}`);
      return { store, listings, bookings, sync, serve, owner, boat, slotsOf, told, toldFailing };
    }

    it("tells the owner once of a double booking a scheduled sync finds, never of one already known", async () => {
      const { bookings, sync, owner, boat, told } = await setup();
      clock.now = new Date("2027-02-01T10:00:00Z");
      answer = () => ok(ics(allDay("free@airbnb.com", "20270401", "20270402")));
      const record = await sync.add(owner, boat.id, "https://www.airbnb.com/calendar/ical/2.ics");
      const booking = await bookings.book({ uid: "renter-3", lang: "es" }, boat.id, { start: "2027-04-10", end: "2027-04-10", part: null, people: 2, withSkipper: false });
      // The other platform sold the same day: the next scheduled sync finds the overlap.
      answer = () => ok(ics(allDay("free@airbnb.com", "20270401", "20270402"), allDay("double@airbnb.com", "20270410", "20270411")));
      clock.now = new Date("2027-02-01T10:31:00Z");
      await sync.syncDue();
      expect(told).toEqual([[expect.objectContaining({ uid: "double@airbnb.com", bookingIds: [booking.id] })]]);
      // Still there half an hour later: already told.
      clock.now = new Date("2027-02-01T11:02:00Z");
      await sync.syncDue();
      expect(told).toHaveLength(1);
      // The owner's own "sync now" shows it on the page they are looking at: no email.
      await sync.syncNow(owner, record.id);
      expect(told).toHaveLength(1);
      clock.now = new Date("2027-02-01T10:00:00Z");
    }, 60_000);

    it("a booking that stops holding its days is no conflict: not on the page at once, not in what a later sync stores or tells (issue 44)", async () => {
      const { listings, bookings, sync, owner, told } = await setup();
      clock.now = new Date("2027-02-01T10:00:00Z");
      const boat: Listing = await publishBoat(listings, owner, { instantBooking: false });
      const choice = (day: string) => ({ start: day, end: day, part: null, people: 2, withSkipper: false });
      const request = (renter: string, day: string) => bookings.book({ uid: renter, lang: "es" }, boat.id, choice(day));
      const confirmed = async (renter: string, day: string) => (await bookings.act((await request(renter, day)).id, owner, "owner", "accept")).booking;
      const renterCancels = await confirmed("renter-a", "2027-05-02");
      const ownerCancels = await confirmed("renter-b", "2027-05-04");
      const weatherCancels = await confirmed("renter-c", "2027-05-06");
      const weatherMoves = await confirmed("renter-d", "2027-05-08");
      const declined = await request("renter-e", "2027-05-10");
      const withdrawn = await request("renter-f", "2027-05-12");
      const lapses = await request("renter-g", "2027-05-14");
      const lapsesUnseen = await request("renter-h", "2027-05-25");
      expect([lapses.status, lapsesUnseen.status]).toEqual(["pending", "pending"]);
      // The other platform sold 1–20 May: every one of those bookings and requests is in conflict.
      answer = () => ok(ics(allDay("may@airbnb.com", "20270501", "20270521")));
      const record = await sync.add(owner, boat.id, "https://www.airbnb.com/calendar/ical/may.ics");
      const all = [renterCancels, ownerCancels, weatherCancels, weatherMoves, declined, withdrawn, lapses].map((b) => b.id).sort();
      expect(record.conflicts.map((c) => [...c.bookingIds].sort())).toEqual([all]);

      await bookings.act(renterCancels.id, "renter-a", "renter", "cancel");
      await bookings.act(ownerCancels.id, owner, "owner", "cancel");
      await bookings.cancelForWeather(weatherCancels.id, "renter-c", "renter");
      await bookings.moveForWeather(weatherMoves.id, owner, "owner", "2027-06-10");
      await bookings.act(declined.id, owner, "owner", "decline");
      await bookings.act(withdrawn.id, "renter-f", "renter", "cancel");
      // The page, before any sync: only the request still waiting for the owner is in conflict.
      const [listed] = await sync.list(owner, boat.id);
      expect(listed.conflicts.map((c) => ({ uid: c.uid, bookingIds: c.bookingIds }))).toEqual([{ uid: "may@airbnb.com", bookingIds: [lapses.id] }]);

      // The scheduled sync finds the same event over fewer bookings: nothing new to tell.
      clock.now = new Date("2027-02-01T10:31:00Z");
      await sync.syncDue();
      expect(told).toEqual([]);
      expect((await sync.list(owner, boat.id))[0].conflicts.map((c) => c.bookingIds)).toEqual([[lapses.id]]);

      // Two days on, the last requests lapsed (no sweep ran yet): no conflict on the page…
      clock.now = new Date("2027-02-03T11:00:00Z");
      expect((await sync.list(owner, boat.id))[0].conflicts).toEqual([]);
      // …nor in what the scheduled sync finds, stores and tells, even of a lapsed request it had never seen.
      answer = () => ok(ics(allDay("may@airbnb.com", "20270501", "20270521"), allDay("late@airbnb.com", "20270525", "20270526")));
      await sync.syncDue();
      expect(told).toEqual([]);
      const [after] = await sync.list(owner, boat.id);
      expect(after).toMatchObject({ lastSuccessAt: "2027-02-03T11:00:00.000Z", conflicts: [] });
      // The freed days are the import's now.
      const held = (await bookings.slots(boat.id, "2027-05-01", "2027-05-20")).filter((s) => s.kind === "booking").map((s) => s.ref);
      expect([...new Set(held)]).toEqual([lapses.id]);
      clock.now = new Date("2027-02-01T10:00:00Z");
    }, 60_000);

    it("holds whole days and half days, keeps a booking's days as a conflict, keeps the last good days on failure, frees what left the feed", async () => {
      const { bookings, sync, owner, boat, slotsOf } = await setup();
      const booking = await bookings.book({ uid: "renter-1", lang: "es" }, boat.id, { start: "2027-03-11", end: "2027-03-11", part: null, people: 2, withSkipper: false });
      answer = () => ok(ics(allDay("a@airbnb.com", "20270310", "20270313"), timed("t@google.com", "20270320T090000", "20270320T100000")), '"v1"');
      const record = await sync.add(owner, boat.id, "https://www.airbnb.com/calendar/ical/1.ics?s=secret");
      expect(record.events).toHaveLength(2);
      expect(await slotsOf()).toEqual([
        "2027-03-10_am:block",
        "2027-03-10_pm:block",
        "2027-03-11_am:booking",
        "2027-03-11_pm:booking",
        "2027-03-12_am:block",
        "2027-03-12_pm:block",
        // 09:00–10:00 holds the morning only.
        "2027-03-20_am:block",
      ]);
      // The booking stays confirmed; the overlap is shown.
      expect((await bookings.getFor(booking.id, "renter-1"))?.booking.status).toBe("confirmed");
      const [listed] = await sync.list(owner, boat.id);
      expect(listed.conflicts).toEqual([expect.objectContaining({ uid: "a@airbnb.com", bookingIds: [booking.id] })]);
      // Nobody books the imported days.
      await expect(bookings.book({ uid: "renter-2", lang: "es" }, boat.id, { start: "2027-03-12", end: "2027-03-12", part: null, people: 2, withSkipper: false })).rejects.toMatchObject({ code: "taken" });
      // The afternoon of the 20th is still free for a half day.
      expect(await bookings.isFree(boat, "2027-03-20", "2027-03-20", "pm")).toBe(true);

      // A failed sync keeps the last good days and says why and when it last worked.
      clock.now = new Date("2027-02-01T11:00:00Z");
      answer = () => {
        throw new CalendarFetchError("http-status", 500);
      };
      const failed = await sync.syncNow(owner, record.id);
      expect(failed.error).toMatchObject({ code: "http-status", status: 500 });
      expect(failed.lastSuccessAt).toBe(record.lastSuccessAt);
      expect(await slotsOf()).toHaveLength(7);

      // A 304 keeps the events; the validators were sent.
      answer = () => ({ kind: "not-modified" });
      const same = await sync.syncNow(owner, record.id);
      expect(seen.at(-1)).toEqual({ etag: '"v1"', lastModified: null });
      expect(same.error).toBeNull();
      expect(same.events).toHaveLength(2);
      expect(await slotsOf()).toHaveLength(7);

      // The booking is cancelled: the next sync takes its days for the import (no conflict left).
      await bookings.act(booking.id, "renter-1", "renter", "cancel");
      const after = await sync.syncNow(owner, record.id);
      expect(after.conflicts).toEqual([]);
      expect((await slotsOf()).filter((s) => s.startsWith("2027-03-11"))).toEqual(["2027-03-11_am:block", "2027-03-11_pm:block"]);

      // The all-day stay leaves the feed: its days are free at the next good sync.
      answer = () => ok(ics(timed("t@google.com", "20270320T090000", "20270320T100000")), '"v2"');
      await sync.syncNow(owner, record.id);
      expect(await slotsOf()).toEqual(["2027-03-20_am:block"]);

      // Removing the calendar frees the rest.
      await sync.remove(owner, record.id);
      expect(await slotsOf()).toEqual([]);
      expect(await sync.list(owner, boat.id)).toEqual([]);
    }, 60_000);

    it("refuses an address that does not answer iCalendar and saves nothing; only the owner may touch a calendar", async () => {
      const { sync, owner, boat, slotsOf } = await setup();
      answer = () => ok("<html>login</html>");
      await expect(sync.add(owner, boat.id, "https://example.com/cal.ics")).rejects.toMatchObject({ code: "fetch", reason: "not-calendar" });
      answer = () => {
        throw new CalendarFetchError("timeout");
      };
      await expect(sync.add(owner, boat.id, "https://example.com/cal.ics")).rejects.toMatchObject({ code: "fetch", reason: "timeout" });
      await expect(sync.add(owner, boat.id, "ftp://example.com/cal.ics")).rejects.toMatchObject({ code: "bad-url" });
      expect(await sync.list(owner, boat.id)).toEqual([]);
      answer = () => ok(ics(allDay("x@x", "20270401", "20270402")));
      await expect(sync.add("someone-else", boat.id, "https://example.com/cal.ics")).rejects.toBeInstanceOf(CalendarSyncError);
      const record = await sync.add(owner, boat.id, "https://example.com/cal.ics");
      await expect(sync.add(owner, boat.id, "https://example.com/cal.ics")).rejects.toMatchObject({ code: "duplicate" });
      await expect(sync.syncNow("someone-else", record.id)).rejects.toMatchObject({ code: "not-found" });
      await expect(sync.remove("someone-else", record.id)).rejects.toMatchObject({ code: "not-found" });
      expect(await slotsOf()).toEqual(["2027-04-01_am:block", "2027-04-01_pm:block"]);
    }, 60_000);

    it("the scheduler fetches a calendar again once CALENDAR_IMPORT_MINUTES have passed, not before", async () => {
      const { sync, owner, boat } = await setup();
      clock.now = new Date("2027-02-01T12:00:00Z");
      answer = () => ok(ics(allDay("x@x", "20270501", "20270502")));
      const record = await sync.add(owner, boat.id, "https://example.com/due.ics");
      let fetched = 0;
      answer = () => {
        fetched++;
        return ok(ics(allDay("x@x", "20270501", "20270502")));
      };
      clock.now = new Date("2027-02-01T12:29:00Z");
      await sync.syncDue();
      expect(fetched).toBe(0);
      clock.now = new Date("2027-02-01T12:31:00Z");
      await sync.syncDue();
      expect(fetched).toBe(1);
      const [after] = await sync.list(owner, boat.id);
      expect(after.id).toBe(record.id);
      expect(after.nextSyncAt).toBe("2027-02-01T13:01:00.000Z");
    }, 60_000);

    it("a calendar too complex to read is refused when added, and a recorded failure when it turns so: the last good days stay", async () => {
      const { sync, owner, boat, slotsOf } = await setup();
      clock.now = new Date("2027-02-01T14:00:00Z");
      // 30 events repeating every second since 2020 (issue 43): refused, nothing saved.
      answer = () => ok(secondlySeriesFeed());
      await expect(sync.add(owner, boat.id, "https://example.com/hostile.ics")).rejects.toMatchObject({ code: "fetch", reason: "too-complex" });
      expect(await sync.list(owner, boat.id)).toEqual([]);
      // A harmless calendar turns hostile: the scheduled sync records why and keeps its days.
      answer = () => ok(ics(allDay("stay@x", "20270601", "20270603")));
      const record = await sync.add(owner, boat.id, "https://example.com/turns.ics");
      answer = () => ok(secondlySeriesFeed());
      clock.now = new Date("2027-02-01T14:31:00Z");
      expect(await sync.syncDue()).toEqual({ synced: 0, failed: 1 });
      const [after] = await sync.list(owner, boat.id);
      expect(after).toMatchObject({ id: record.id, error: { code: "too-complex", status: null }, lastSuccessAt: record.lastSuccessAt, failures: 1, events: record.events });
      expect(await slotsOf()).toEqual(["2027-06-01_am:block", "2027-06-01_pm:block", "2027-06-02_am:block", "2027-06-02_pm:block"]);
    }, 60_000);

    it("the scheduler marks a calendar 'being read': a read its server died in counts as a failure, and the feed is not read again then", async () => {
      const { store, sync, serve, owner, boat } = await setup();
      clock.now = new Date("2027-02-01T16:00:00Z");
      answer = () => ok(ics(allDay("x@x", "20270701", "20270702")));
      const record = await sync.add(owner, boat.id, "https://example.com/killer.ics");
      // The next read never ends (the server dies during it).
      clock.now = new Date("2027-02-01T16:31:00Z");
      let reads = 0;
      void serve(async () => {
        reads++;
        return new Promise<FetchOutcome>(() => {});
      }).syncDue();
      await expect.poll(() => reads).toBe(1);
      const marked = await store.get<CalendarImport>(CALENDAR_IMPORTS, record.id);
      expect(marked).toMatchObject({ readingSince: "2027-02-01T16:31:00.000Z", nextSyncAt: "2027-02-01T17:01:00.000Z" });
      // Another server, or this one restarted, finds the mark when the calendar is due again.
      const restarted = serve(async () => {
        reads++;
        return ok(ics(allDay("x@x", "20270701", "20270702")));
      });
      clock.now = new Date("2027-02-01T17:02:00Z");
      expect(await restarted.syncDue()).toEqual({ synced: 0, failed: 1 });
      expect(reads).toBe(1);
      const [after] = await restarted.list(owner, boat.id);
      expect(after).toMatchObject({ error: { code: "interrupted", at: "2027-02-01T17:02:00.000Z" }, failures: 1, readingSince: null, events: record.events, nextSyncAt: "2027-02-01T17:32:00.000Z" });
      // The next time it is read, and a good read clears the count.
      clock.now = new Date("2027-02-01T17:33:00Z");
      expect(await restarted.syncDue()).toEqual({ synced: 1, failed: 0 });
      expect(reads).toBe(2);
      expect((await restarted.list(owner, boat.id))[0]).toMatchObject({ error: null, failures: 0, readingSince: null });
    }, 60_000);

    it("three failures in a row: the calendar is fetched less often (60, 120… minutes, at most a day) and its owner told once; a good sync resets both", async () => {
      const { sync, owner, boat, toldFailing } = await setup();
      clock.now = new Date("2027-02-02T08:00:00Z");
      answer = () => ok(ics(allDay("x@x", "20270801", "20270802")));
      const record = await sync.add(owner, boat.id, "https://example.com/down.ics");
      answer = () => {
        throw new CalendarFetchError("http-status", 503);
      };
      const waits: number[] = [];
      let at = Date.parse(record.nextSyncAt);
      for (let n = 0; n < 9; n++) {
        clock.now = new Date(at);
        await sync.syncDue();
        const [now_] = await sync.list(owner, boat.id);
        expect(now_.failures).toBe(n + 1);
        waits.push((Date.parse(now_.nextSyncAt) - at) / 60_000);
        at = Date.parse(now_.nextSyncAt);
      }
      expect(waits).toEqual([30, 30, 60, 120, 240, 480, 960, 1440, 1440]);
      // Told once, when the third failure came, with why the last one failed.
      expect(toldFailing).toHaveLength(1);
      expect(toldFailing[0]).toMatchObject({ id: record.id, failures: 3, error: { code: "http-status", status: 503 } });
      // It works again: the usual interval, and a new run of failures is told again.
      answer = () => ok(ics(allDay("x@x", "20270801", "20270802")));
      clock.now = new Date(at);
      await sync.syncDue();
      const [good] = await sync.list(owner, boat.id);
      expect(good).toMatchObject({ failures: 0, failingToldAt: null, error: null, nextSyncAt: new Date(at + 30 * 60_000).toISOString() });
      clock.now = new Date("2027-02-01T10:00:00Z");
    }, 60_000);
  });
}
