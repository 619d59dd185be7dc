import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader } from "./panel-layout";

/** The settings area's navigation shows each person their own tools, grouped. */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const navFor = async (cookie: string) => {
  const data = await loader({ request: authedRequest("/ajustes", cookie), params: {}, context: loadContext(services) });
  return Object.fromEntries(data.navigation.map((group) => [group.key, group.items.map((item) => item.key)]));
};

describe("the settings navigation", () => {
  it("offers a renter their account and trips, and only «List your boat» of the owner's tools", async () => {
    const renter = await createTestUser(services);
    const nav = await navFor(renter.cookie);
    expect(Object.keys(nav)).toEqual(["account", "trips", "boats"]);
    expect(nav.trips).toEqual(["reservations", "favourites", "licence"]);
    expect(nav.boats).toEqual(["listBoat"]);
    expect(nav.account).toContain("invoices");
  });

  it("gives an owner (a lessor with a boat) the owner's tools", async () => {
    const owner = await createOwner(services);
    await createBoat(services, owner.uid);
    const nav = await navFor(owner.cookie);
    expect(nav.boats).toEqual(["myBoats", "rentals", "calendar", "payouts", "drafts", "lessor", "listBoat"]);
    expect(nav.professional).toBeUndefined();
    expect(nav.admin).toBeUndefined();
  });

  it("gives a professional the company's links and an admin the team's tools", async () => {
    const pro = await createTestUser(services, { kind: "professional" });
    const proNav = await navFor(pro.cookie);
    expect(proNav.professional?.[0]).toBe("company");
    expect(proNav.boats).toContain("myBoats");
    const admin = await createTestAdmin(services);
    const adminNav = await navFor(admin.cookie);
    expect(adminNav.admin).toEqual(["adminDashboard", "adminCases", "adminDeposits", "adminOperations", "adminContents"]);
    expect(adminNav.boats).toEqual(["listBoat"]);
  });

  it("sends a visitor to sign in", async () => {
    const result = await settle(() => loader({ request: pageRequest("/ajustes"), params: {}, context: loadContext(services) }));
    expect(statusOf(result)).toBe(302);
  });
});
