import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { PAGE_CACHE_HEADER } from "#app/utils/headers";
import { fixedPages, layoutGroups } from "#app/route-table";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestServices, createTestUser, dataOf, loadContext, pageRequest, settle } from "#tests/test-services";
import { loader as caseLoader } from "#app/features/cases/routes/case";
import { action, loader } from "./service-page";

/**
 * The service pages with real Requests on the embedded backend: every page in four languages
 * with its content from the store, the request forms as browsers without JavaScript send them
 * (multipart), for visitors and signed-in people, and every kind of bad input (400 with the
 * field's message, nothing saved), the honeypot and the per-address limit.
 */
let services: Services;
let person: Awaited<ReturnType<typeof createTestUser>>;
let claimer: Awaited<ReturnType<typeof createTestUser>>;
let address = 0;

beforeAll(async () => {
  services = await createTestServices();
  person = await createTestUser(services, { displayName: "Pilar Patrón" });
  claimer = await createTestUser(services, { displayName: "Vera Visitante", email: "vera.visitante@example.com" });
});
afterAll(() => services.close());

// Each test sends from its own address, so the per-address limit is only met where it is tested.
const context = (clientAddress = `10.0.0.${++address}`) => ({
  ...loadContext(services),
  clientAddress,
});
const statusOf = (result: unknown) => (result instanceof Response ? result.status : (result as { init: ResponseInit | null }).init?.status ?? 200);
const headersOf = (result: unknown) => new Headers((result as { init: ResponseInit | null }).init?.headers);
const pdf = () => new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const servicePaths = [...layoutGroups.find((group) => group.id === "septimalista")!.pages.map((page) => `/${page.path}`)];

function requestForm(fields: Record<string, string>, files: Array<[string, Uint8Array, string]> = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes, type] of files) form.append("documents", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return form;
}
const visitorContact = { name: "Vera Visitante", email: "vera.visitante@example.com", phone: "+34 600 111 222" };
const boat = { boatName: "Gaviota", boatType: "motor", lengthM: "6.5", port: "Dénia", notes: "Lancha nueva" };

function post(path: string, body: BodyInit, cookie?: string, clientAddress?: string) {
  const init = { method: "POST", body };
  const request = cookie ? authedRequest(path, cookie, init) : new Request(`http://localhost:3000${path}`, init);
  return settle(() => action({ request, params: {}, context: context(clientAddress) }));
}
const count = async () => (await services.cases.search({})).total;
/** The cases the team's search finds by `text`, whole (the search gives list rows). */
const casesBy = async (text: string) => Promise.all((await services.cases.search({ text })).items.map(async (row) => (await services.cases.getFor(row.id, { uid: "team", role: "admin" }))!.item));

describe("the service pages", () => {
  it("shows every page in every language with its texts and price from the store, shared with visitors", async () => {
    expect(servicePaths).toHaveLength(12);
    for (const prefix of ["", "/en", "/fr", "/de"]) {
      for (const path of servicePaths) {
        const result = await settle(() =>
          loader({
            request: pageRequest(`${prefix}${path}`),
            params: {},
            context: context(),
          })
        );
        expect(statusOf(result), `${prefix}${path}`).toBe(200);
        const page = dataOf(result);
        expect(page.page.texts.title.length).toBeGreaterThan(3);
        expect(page.page.texts.faqs.length).toBeGreaterThan(0);
        expect(page.procedures).toHaveLength(7);
        expect(headersOf(result).get(PAGE_CACHE_HEADER)).toContain(`service:${page.key}`);
      }
    }
    const english = dataOf(
      await loader({
        request: pageRequest(`/${fixedPages[0].path}`),
        params: {},
        context: context(),
      })
    );
    const spanish = dataOf(
      await loader({
        request: pageRequest("/transporte"),
        params: {},
        context: context(),
      })
    );
    expect(english.key).toBe("transporte");
    expect(english.page.texts.title).not.toBe(spanish.page.texts.title);
  });

  it("fills in a signed-in person's contact, and never marks their page for the visitors' cache", async () => {
    const result = await loader({
      request: authedRequest("/seguro", person.cookie),
      params: {},
      context: context(),
    });
    expect(dataOf(result).contact).toMatchObject({
      name: "Pilar Patrón",
      email: person.email,
    });
    expect(headersOf(result).get(PAGE_CACHE_HEADER)).toBeNull();
  });

  it("shows what the team saved in the editor at once", async () => {
    const admin = { uid: "admin-x" };
    const before = await services.servicePages.page("limpieza", "fr");
    await services.servicePages.save("limpieza", {
      lang: "fr",
      texts: { ...before.texts, title: "Nettoyage de votre bateau" },
      priceFromEuros: 95,
      byUid: admin.uid,
    });
    const page = dataOf(
      await loader({
        request: pageRequest("/fr/limpieza"),
        params: {},
        context: context(),
      })
    );
    expect(page.page).toMatchObject({
      priceFromEuros: 95,
      texts: { title: "Nettoyage de votre bateau" },
    });
    // Other languages keep their texts.
    expect((await services.servicePages.page("limpieza", "es")).texts.title).toBe((await services.servicePages.page("limpieza", "es")).texts.title);
    expect((await services.servicePages.page("limpieza", "de")).texts.title).not.toBe("Nettoyage de votre bateau");
  });
});

describe("requests from the service pages", () => {
  it("a visitor's request with a PDF becomes a case; its emailed link ties it to the account that opens it", async () => {
    const before = await count();
    const result = await post("/gestoria/matriculacion-barco", requestForm({ ...visitorContact, ...boat }, [["factura compra.pdf", pdf(), "application/pdf"]]));
    expect(statusOf(result)).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("/gestoria/matriculacion-barco#solicitud");
    expect((await followNotice(services, result as Response)).notice?.key).toBe("services:request.sent");
    expect(await count()).toBe(before + 1);
    const item = (await casesBy("vera.visitante"))[0]!;
    expect(item).toMatchObject({
      type: "matriculacion-barco",
      status: "received",
      requesterUid: null,
      details: {
        boatName: "Gaviota",
        boatType: "motor",
        lengthM: 6.5,
        port: "Dénia",
      },
    });
    expect(item.documents.map((doc) => [doc.name, doc.contentType])).toEqual([["factura compra.pdf", "application/pdf"]]);

    // The emailed link is signed for the case and its address: only the person signed in with that address can use it.
    const token = services.cases.claimLink(item)!;
    const stolen = await settle(() =>
      caseLoader({
        request: authedRequest(`/ajustes/mis-gestiones/${item.id}?claim=${token}`, person.cookie),
        params: { id: item.id },
        context: context(),
      })
    );
    expect(statusOf(stolen)).toBe(403);
    const claimed = await settle(() =>
      caseLoader({
        request: authedRequest(`/ajustes/mis-gestiones/${item.id}?vincular=${token}`, claimer.cookie),
        params: { id: item.id },
        context: context(),
      })
    );
    expect(statusOf(claimed)).toBe(303);
    const page = dataOf(
      await caseLoader({
        request: authedRequest(`/ajustes/mis-gestiones/${item.id}`, claimer.cookie),
        params: { id: item.id },
        context: context(),
      })
    );
    expect(page.item.documents).toHaveLength(1);
  });

  it("a signed-in person's request lands on its case page", async () => {
    const result = await post(
      "/en/seguro",
      requestForm({
        name: "Pilar Patrón",
        email: person.email,
        boatType: "sail",
        value: "42000",
        lengthM: "9.2",
        year: "2015",
        use: "charter",
        port: "Palma",
      }),
      person.cookie
    );
    expect(statusOf(result)).toBe(303);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/en\/ajustes\/mis-gestiones\/[A-Za-z0-9]{20}$/);
    const id = location.split("/").pop()!.split("?")[0]!;
    const found = await services.cases.getFor(id, {
      uid: person.uid,
      role: "user",
    });
    expect(found?.item).toMatchObject({
      type: "seguro",
      lang: "en",
      details: { boatType: "sail", value: 42000, year: 2015, use: "charter" },
    });
  });

  it("a visitor's request with the email of an account stays a visitor's, and the visitor is told nothing more", async () => {
    const result = await post(
      "/limpieza",
      requestForm({
        name: "Alguien",
        email: person.email.toUpperCase(),
        port: "Altea",
        lengthM: "8",
        cleaning: "full",
        date: "2099-06-01",
      })
    );
    expect((result as Response).headers.get("Location")).toBe("/limpieza#solicitud");
    const mine = await services.cases.listForRequester(person.uid);
    expect(mine.some((item) => item.type === "limpieza" && item.details.port === "Altea")).toBe(false);
    expect((await services.cases.search({ text: "altea" })).items.find((item) => item.type === "limpieza")).toMatchObject({ visitor: true });
  });

  it("takes a request from every form: the index (with its procedure), transport (also /en/transport-boat) and ports", async () => {
    const sent = [
      await post("/gestoria", requestForm({ ...visitorContact, ...boat, procedure: "itb-barco" })),
      await post(
        "/transporte",
        requestForm({
          ...visitorContact,
          from: "Valencia",
          to: "Palma",
          lengthM: "8.5",
          beamM: "2.9",
          weightKg: "3800",
          date: "2099-05-01",
        })
      ),
      await post(
        "/en/transport-boat",
        requestForm({
          ...visitorContact,
          from: "Cannes",
          to: "Dénia",
          lengthM: "12",
          beamM: "3.9",
          weightKg: "9000",
          date: "2099-05-02",
        })
      ),
      await post(
        "/port/PortForm",
        requestForm({
          ...visitorContact,
          portName: "Marina Test",
          place: "Altea",
          berths: "300",
        })
      ),
    ];
    expect(sent.map(statusOf)).toEqual([303, 303, 303, 303]);
    const types = (await services.cases.search({ text: "vera.visitante" })).items.map((item) => item.type);
    expect(types).toEqual(expect.arrayContaining(["itb-barco", "transporte", "port"]));
    expect((await casesBy("cannes"))[0]).toMatchObject({ type: "transporte", lang: "en" });
  });

  it("answers an empty form with 400 and every required field's message, in the page's language, saving nothing", async () => {
    const before = await count();
    for (const [path, field, message] of [
      ["/gestoria/itb-barco", "boatName", /obligatorio|Requerido|Required|requis|erforderlich/i],
      ["/en/seguro", "value", /Required/i],
      ["/fr/limpieza", "port", /requis|Obligatoire/i],
      ["/de/transporte", "from", /leer|erforderlich|Pflicht/i],
    ] as const) {
      const result = await post(path, requestForm({}));
      expect(statusOf(result), path).toBe(400);
      const errors = dataOf(result).result.error;
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(["name", "email", field]));
      expect(errors[field].join(" "), path).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it("refuses a web page named .pdf and a file over 10 MB by name, saving nothing", async () => {
    const before = await count();
    const html = new TextEncoder().encode("<!doctype html><html><body>not a pdf</body></html>");
    const fake = await post("/gestoria/cambio-propiedad-barco", requestForm({ ...visitorContact, ...boat }, [["contrato.pdf", html, "application/pdf"]]));
    expect(statusOf(fake)).toBe(400);
    expect(dataOf(fake).result.error.documents[0]).toContain("contrato.pdf");
    const big = await post("/en/gestoria/itb-barco", requestForm({ ...visitorContact, ...boat }, [["scan.pdf", new Uint8Array(11 * 1024 * 1024), "application/pdf"]]));
    expect(statusOf(big)).toBe(400);
    expect(dataOf(big).result.error.documents[0]).toMatch(/scan\.pdf.*10 MB/);
    const empty = await post("/gestoria/itb-barco", requestForm({ ...visitorContact, ...boat }, [["vacio.pdf", new Uint8Array(0), "application/pdf"]]));
    expect(statusOf(empty)).toBe(400);
    expect(dataOf(empty).result.error.documents[0]).toContain("vacio.pdf");
    expect(await count()).toBe(before);
  });

  it("answers bodies no form sends with a 400 or 415, never a 5xx: broken multipart, JSON, wrong choices, a filled honeypot", async () => {
    const before = await count();
    const broken = await post("/seguro", new Blob(['--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna']), undefined);
    expect([400, 415]).toContain(statusOf(broken));
    const brokenMultipart = await settle(() =>
      action({
        request: new Request("http://localhost:3000/seguro", {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
          body: '--zzz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna',
        }),
        params: {},
        context: context(),
      })
    );
    expect(statusOf(brokenMultipart)).toBe(400);
    const json = await settle(() =>
      action({
        request: new Request("http://localhost:3000/seguro", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }),
        params: {},
        context: context(),
      })
    );
    expect(statusOf(json)).toBe(415);
    const wrongChoice = await post(
      "/seguro",
      requestForm({
        ...visitorContact,
        boatType: "submarine",
        value: "-5",
        lengthM: "9",
        year: "1066",
        use: "charter",
        port: "Palma",
      })
    );
    expect(statusOf(wrongChoice)).toBe(400);
    expect(Object.keys(dataOf(wrongChoice).result.error)).toEqual(expect.arrayContaining(["boatType", "value", "year"]));
    const pastDate = await post(
      "/limpieza",
      requestForm({
        ...visitorContact,
        port: "Altea",
        lengthM: "8",
        cleaning: "full",
        date: "2001-01-01",
      })
    );
    expect(dataOf(pastDate).result.error.date[0]).toMatch(/hoy|día/);
    const bot = await post(
      "/port/PortForm",
      requestForm({
        ...visitorContact,
        portName: "Spam",
        place: "Spam",
        berths: "1",
        website: "http://spam.example",
      })
    );
    expect(statusOf(bot)).toBe(400);
    const noProcedure = await post("/gestoria", requestForm({ ...visitorContact, ...boat }));
    expect(Object.keys(dataOf(noProcedure).result.error)).toContain("procedure");
    // Control characters (a %00, an escape) in the contact's name or a detail: the field's message (issue 43).
    const controls = await post("/en/port/PortForm", requestForm({ ...visitorContact, name: "Vera\u0000", portName: "Marina\u001b", place: "Altea", berths: "10" }));
    expect(statusOf(controls)).toBe(400);
    const control = ["This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text."];
    expect(dataOf(controls).result.error).toEqual({ name: control, portName: control });
    expect(await count()).toBe(before);
  });

  it("limits requests per address (429 with a translated message), not per page", async () => {
    const from = "192.0.2.77";
    const form = () =>
      requestForm({
        ...visitorContact,
        portName: "Marina",
        place: "Altea",
        berths: "10",
      });
    for (let i = 0; i < 10; i++) expect(statusOf(await post(i % 2 ? "/port/PortForm" : "/en/port/PortForm", form(), undefined, from))).toBe(303);
    const limited = await post("/de/port/PortForm", form(), undefined, from);
    expect(statusOf(limited)).toBe(429);
    expect(dataOf(limited).result.error[""][0]).toMatch(/Minuten/);
    expect(statusOf(await post("/port/PortForm", form(), undefined, "192.0.2.78"))).toBe(303);
  });
});
