import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, today } from "#app/.server/domain/bookings";
import type { Services } from "#app/.server/services";
import { createTestServices } from "#tests/test-services";
import { DEMO_CALENDAR_URL } from "./calendars";

/** The demo owner's motorboat shows an imported calendar: its days held, one conflict with Lucía's booking. */
let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { demoListings: true });
}, 180_000);
afterAll(() => services.close());

it("seeds the demo owner's imported Airbnb calendar as its last good import", async () => {
  const owner = (await services.identity.getUserByEmail("owner@amarre.test"))!.uid;
  const motorboat = (await services.listings.listByOwner(owner)).find((l) => l.kind === "boat" && (l.data.title ?? "").includes("Cap Camarat"))!;
  const [record] = await services.calendarSync.list(owner, motorboat.id);
  expect(record).toMatchObject({ url: DEMO_CALENDAR_URL, error: null });
  expect(record.events).toHaveLength(3);
  expect(record.conflicts).toHaveLength(1);
  const day = (n: number) => addDays(today(new Date()), n);
  const slots = await services.bookings.slots(motorboat.id, day(6), day(20));
  const held = (n: number) => slots.filter((s) => s.date === day(n)).map((s) => `${s.part}:${s.kind}`);
  expect(held(6)).toEqual(["am:block", "pm:block"]);
  expect(held(15)).toEqual(["am:booking", "pm:booking"]);
  expect(held(16)).toEqual(["am:block", "pm:block"]);
  expect(held(20)).toEqual(["am:block"]);
}, 60_000);
