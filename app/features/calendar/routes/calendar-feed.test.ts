import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, loadContext, pageRequest } from "#tests/test-services";
import { loader } from "./calendar-feed";

/**
 * The iCal feed cannot be injected through a listing's title: titles are saved on one line
 * without control characters, and the feed escapes every text by RFC 5545 even for a title
 * stored before that rule (written to the store here directly).
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Armadora" });
});
afterAll(() => services.close());

const INJECTION = "Lancha segura\r\nX-INJECTED:1\r\nBEGIN:VEVENT\r\nSUMMARY:falso\r\nEND:VEVENT\n\u0008\u001b;,\\ fin";

async function feedOf(listingId: string) {
  const token = await services.bookings.feedToken(owner.uid, listingId);
  const file = `${token}.ics`;
  const response = (await loader({ request: pageRequest(`/ical/${listingId}/${file}`), params: { listingId, file }, context: loadContext(services) })) as Response;
  expect(response.status).toBe(200);
  return response.text();
}

/** Unfolded content lines (RFC 5545 §3.1: a line starting with a space continues the previous one). */
function contentLines(body: string): string[] {
  return body.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
}

function expectNoInjection(body: string) {
  const lines = contentLines(body);
  expect(lines.filter((line) => line.startsWith("X-INJECTED"))).toEqual([]);
  expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  // Only the line breaks of the format itself: none inside a line, and no other control character.
  // eslint-disable-next-line no-control-regex -- looking for control characters
  expect(body.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
  const calendar = new ICAL.Component(ICAL.parse(body));
  expect(calendar.getAllSubcomponents("vevent")).toHaveLength(1);
  return calendar;
}

describe("the iCal feed and listing titles", () => {
  it("saves a title with line breaks and control characters as one clean line", async () => {
    const boat = await createBoat(services, owner.uid, { title: INJECTION });
    expect(boat.data.title).toBe("Lancha segura X-INJECTED:1 BEGIN:VEVENT SUMMARY:falso END:VEVENT ;,\\ fin");
    await services.bookings.block(owner.uid, boat.id, addDays(today(new Date()), 30), addDays(today(new Date()), 30));
    expectNoInjection(await feedOf(boat.id));
    expect(contentLines(await feedOf(boat.id))).toContain(`X-WR-CALNAME:Amarre · ${boat.data.title!.replace(/[\\;,]/g, (c) => `\\${c}`)}`);
  });

  it("escapes a title stored with line breaks by RFC 5545", async () => {
    const boat = await createBoat(services, owner.uid, { title: "Lancha para escapar" });
    await services.store.update("listings", boat.id, { "data.title": INJECTION });
    await services.bookings.block(owner.uid, boat.id, addDays(today(new Date()), 31), addDays(today(new Date()), 31));
    const body = await feedOf(boat.id);
    expectNoInjection(body);
    expect(contentLines(body)).toContain("X-WR-CALNAME:Amarre · Lancha segura\\nX-INJECTED:1\\nBEGIN:VEVENT\\nSUMMARY:falso\\nEND:VEVENT\\n\\;\\,\\\\ fin");
  });
});

describe("the iCal feed read by a real parser (ical.js)", () => {
  it("has DTSTAMP in UTC, no TIMEZONE-ID, and a title with accents, emoji, commas and line breaks intact", async () => {
    const boat = await createBoat(services, owner.uid, { title: "Llaüt «Àvia» 🚤, de Ñandú" });
    // A title stored before titles were saved on one line: CR/LF and commas go through the escaping.
    await services.store.update("listings", boat.id, { "data.title": "Llaüt «Àvia» 🚤,\r\nde Ñandú; ôtre" });
    await services.bookings.block(owner.uid, boat.id, addDays(today(new Date()), 40), addDays(today(new Date()), 41));
    const body = await feedOf(boat.id);
    const lines = contentLines(body);
    expect(lines.filter((line) => line.startsWith("TIMEZONE-ID"))).toEqual([]);
    expect(lines).toContain("X-WR-TIMEZONE:Europe/Madrid");
    const stamps = lines.filter((line) => line.startsWith("DTSTAMP"));
    expect(stamps.length).toBeGreaterThan(0);
    for (const stamp of stamps) expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    const calendar = new ICAL.Component(ICAL.parse(body));
    expect(calendar.name).toBe("vcalendar");
    // An X- property's value is read as it is written: decoded here as the text it is (RFC 5545 §3.3.11).
    const calname = String(calendar.getFirstPropertyValue("x-wr-calname"));
    expect(ICAL.design.icalendar.value.text.fromICAL(calname)).toBe("Amarre · Llaüt «Àvia» 🚤,\nde Ñandú; ôtre");
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    expect(new ICAL.Event(events[0]).startDate.isDate).toBe(true);
    const stamp = events[0]!.getFirstPropertyValue("dtstamp") as InstanceType<typeof ICAL.Time>;
    expect(stamp.zone?.tzid).toBe("UTC");
    expect(Number.isNaN(stamp.toJSDate().getTime())).toBe(false);
  });
});
