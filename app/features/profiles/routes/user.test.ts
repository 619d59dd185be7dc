import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader, meta } from "./user";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const context = () => loadContext(services);
const jpeg = () => sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 80, b: 140 } } }).jpeg().toBuffer();
const load = async (path: string, slug: string, cookie?: string) =>
  (await loader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: { slug }, context: context() })).data;

type Thrown = { data: { message: string; path: string }; init: ResponseInit };

describe("/user/:slug", () => {
  it("shows only the public part of a profile", async () => {
    const person = await createTestUser(services, { displayName: "Carmen Soler" });
    await services.users.update(person.uid, {
      bio: "Navego por las Baleares desde niña.",
      languages: ["es", "ca", "en"],
      phone: "+34 699 111 222",
    });
    const upload = await services.profilePhotos.replace(person.uid, await jpeg());
    if (upload.status !== "saved") throw new Error("the photo was refused");
    await services.users.setLessor(person.uid, {
      legalName: "Carmen Soler Ferrer",
      idDocument: "12345678Z",
      phone: "+34 699 111 222",
      address: "Passeig Marítim 1, Palma",
      iban: "ES9121000418450200051332",
    });

    const data = await load(`/user/${person.slug}`, person.slug);
    expect(data.profile).toMatchObject({
      slug: person.slug,
      displayName: "Carmen Soler",
      bio: "Navego por las Baleares desde niña.",
      photo: upload.photo,
      kind: "person",
      companyName: null,
    });
    expect(data.languages).toEqual([
      { code: "es", label: "Español" },
      { code: "ca", label: "Catalán" },
      { code: "en", label: "Inglés" },
    ]);
    expect(data.isOwnProfile).toBe(false);
    const serialized = JSON.stringify(data);
    for (const secret of [person.email, "699 111 222", "ES9121000418450200051332", "12345678Z", "Carmen Soler Ferrer", "Passeig", person.uid]) {
      expect(serialized).not.toContain(secret);
    }
    expect(Object.keys(data.profile).sort()).toEqual(["bio", "companyName", "createdAt", "displayName", "kind", "languages", "photo", "slug"]);
  });

  it("says when the person joined, in the page's language, and translates the page's meta", async () => {
    const person = await createTestUser(services, { displayName: "Hans Müller" });
    const created = new Date((await services.users.get(person.uid))!.createdAt);
    const year = String(created.getUTCFullYear());
    const spanish = await load(`/user/${person.slug}`, person.slug);
    const french = await load(`/fr/user/${person.slug}`, person.slug);
    const spanishMonth = new Intl.DateTimeFormat("es-ES", { month: "long", timeZone: "UTC" }).format(created);
    const frenchMonth = new Intl.DateTimeFormat("fr-FR", { month: "long", timeZone: "UTC" }).format(created);
    expect(spanish.memberSince).toContain(spanishMonth);
    expect(spanish.memberSince).toContain(year);
    expect(french.memberSince).toContain(frenchMonth);
    expect(spanish.meta.title).toBe("Hans Müller en Amarre");
    expect(french.meta.title).toBe("Hans Müller sur Amarre");
    expect(spanish.meta.description).toContain(spanish.memberSince);

    // Without a photo there is no og:image; the page is a profile.
    const tags = meta({ data: spanish } as Parameters<typeof meta>[0]) ?? [];
    expect(tags).toContainEqual({ property: "og:type", content: "profile" });
    expect(tags).toContainEqual({ property: "og:title", content: "Hans Müller en Amarre" });
    expect(tags.some((tag) => "property" in tag && tag.property === "og:image")).toBe(false);
  });

  it("uses the bio as description and the photo as og:image when they exist", async () => {
    const person = await createTestUser(services, { displayName: "Ana Gil" });
    await services.users.update(person.uid, { bio: `Patrona profesional. ${"Mar ".repeat(80)}` });
    const upload = await services.profilePhotos.replace(person.uid, await jpeg());
    if (upload.status !== "saved") throw new Error("the photo was refused");
    const data = await load(`/en/user/${person.slug}`, person.slug);
    expect(data.meta.description.startsWith("Patrona profesional.")).toBe(true);
    expect(data.meta.description.length).toBeLessThanOrEqual(160);
    const tags = meta({ data } as Parameters<typeof meta>[0]) ?? [];
    // Our own stored variant, by absolute URL: no other host is ever named.
    expect(tags).toContainEqual({ property: "og:image", content: `http://localhost:3000/photos/${upload.photo.folder}/400.webp` });
    expect(tags).toContainEqual({ property: "og:image:alt", content: "Photo of Ana Gil" });
  });

  it("shows the Professional badge data with the company name", async () => {
    const session = await services.accounts.register({
      email: `charter-${Date.now()}@amarre.test`,
      password: "correct-horse-battery",
      displayName: "Charter Levante",
      kind: "professional",
      company: { name: "Charter Levante S.L.", taxId: "B11223344", phone: "+34 965 000 000", address: "Puerto de Alicante" },
      lang: "es",
      origin: "http://localhost:3000",
    });
    const data = await load(`/user/${session.slug}`, session.slug);
    expect(data.profile.kind).toBe("professional");
    expect(data.profile.companyName).toBe("Charter Levante S.L.");
    const serialized = JSON.stringify(data);
    expect(serialized).not.toContain("B11223344");
    expect(serialized).not.toContain("965 000 000");
  });

  it("knows when the visitor is looking at their own page", async () => {
    const person = await createTestUser(services);
    expect((await load(`/user/${person.slug}`, person.slug, person.cookie)).isOwnProfile).toBe(true);
    const other = await createTestUser(services);
    expect((await load(`/user/${person.slug}`, person.slug, other.cookie)).isOwnProfile).toBe(false);
  });

  it("is a 404 for unknown slugs and for anything that cannot be a slug", async () => {
    for (const [path, slug] of [
      ["/user/nadie-con-este-nombre", "nadie-con-este-nombre"],
      ["/de/user/nobody", "nobody"],
      ["/user/a%2Fb", "a/b"],
      ["/user/..", ".."],
      ["/user/__x__", "__x__"],
      ["/user/Test-Person", "Test-Person"],
    ]) {
      const thrown = (await settle(() => load(path, slug))) as unknown as Thrown;
      expect(thrown.init.status, path).toBe(404);
      expect(thrown.data).toEqual({ message: "Page not found", path: new URL(`http://localhost:3000${path}`).pathname });
    }
  });
});
