import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { createBoat, createDock, createOwner } from "#tests/listing-fixtures";
import { createTestServices, loadContext, pageRequest } from "#tests/test-services";
import { loader } from "./user";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

describe("/user/:slug listings", () => {
  it("shows the person's published boats and docks, never drafts or paused ones", async () => {
    const owner = await createOwner(services, { displayName: "Lola Armadora", kind: "professional" });
    const boat = await createBoat(services, owner.uid, { title: "Velero de Lola en Palma", type: "sail" });
    const dock = await createDock(services, owner.uid, { kind: "rent" });
    const draft = await createBoat(services, owner.uid, { title: "Borrador de Lola", status: "draft" });
    const paused = await createBoat(services, owner.uid, { title: "Lancha en pausa de Lola", status: "paused" });
    const other = await createOwner(services, { displayName: "Otra Persona" });
    await createBoat(services, other.uid, { title: "Barco de otra persona" });

    const { data } = await loader({ request: pageRequest(`/user/${owner.slug}`), params: { slug: owner.slug }, context: loadContext(services) });
    expect(data.boats.map((card) => card.id)).toEqual([boat.id]);
    expect(data.boats[0]).toMatchObject({ title: "Velero de Lola en Palma", professional: true, href: `/boat/${boat.id}` });
    expect(data.docks.map((card) => card.id)).toEqual([dock.id]);
    const serialized = JSON.stringify(data);
    for (const hidden of [draft.id, paused.id, owner.uid, "Barco de otra persona"]) expect(serialized).not.toContain(hidden);

    const nobody = await createOwner(services, { displayName: "Sin Anuncios" });
    const { data: empty } = await loader({ request: pageRequest(`/en/user/${nobody.slug}`), params: { slug: nobody.slug }, context: loadContext(services) });
    expect(empty.boats).toEqual([]);
    expect(empty.docks).toEqual([]);
  });
});
