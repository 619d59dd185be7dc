import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "../services";

/**
 * Javier's (owner@) motorboat imports his Airbnb calendar: a stay next week, an "Airbnb (Not
 * available)" window that overlaps Lucía's upcoming booking (shown as a conflict; the booking
 * stays) and a timed event holding one morning. The demo server may not reach the internet, so
 * the calendar is stored as its last good import (the same text a fetch would have brought);
 * from then on the scheduler fetches its address every CALENDAR_IMPORT_MINUTES like any other,
 * and the page shows that fetch's error with the time it last worked.
 */
export const DEMO_CALENDAR_URL = "https://www.airbnb.es/calendar/ical/00000000.ics?s=demo";

const ics = (day: (n: number) => string) =>
  [
    "BEGIN:VCALENDAR",
    "PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${day(9)}`,
    `DTSTART;VALUE=DATE:${day(6)}`,
    "UID:1418fb94e984-demo0000000000000001@airbnb.com",
    "SUMMARY:Reserved",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `DTEND;VALUE=DATE:${day(17)}`,
    `DTSTART;VALUE=DATE:${day(15)}`,
    "UID:7f3e8a1c9d2b-demo0000000000000002@airbnb.com",
    "SUMMARY:Airbnb (Not available)",
    "END:VEVENT",
    "BEGIN:VEVENT",
    `DTSTART;TZID=Europe/Madrid:${day(20)}T090000`,
    `DTEND;TZID=Europe/Madrid:${day(20)}T100000`,
    "UID:demo0000000000000003@google.com",
    "SUMMARY:Revisión del motor",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

export async function seedDemoCalendars(services: Services): Promise<void> {
  const { identity, listings, calendarSync } = services;
  const owner = (await identity.getUserByEmail("owner@amarre.test"))?.uid;
  if (!owner) return;
  const motorboat = (await listings.listByOwner(owner)).find((l) => l.status === "published" && l.kind === "boat" && (l.data.title ?? "").includes("Cap Camarat"));
  if (!motorboat) return;
  if ((await calendarSync.list(owner, motorboat.id)).length > 0) return;
  const first = today(new Date());
  await calendarSync.importText(owner, motorboat.id, DEMO_CALENDAR_URL, ics((n) => addDays(first, n).replaceAll("-", "")));
}
