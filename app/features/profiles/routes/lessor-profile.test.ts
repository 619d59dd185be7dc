import type { SubmissionResult } from "@conform-to/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLessorComplete } from "#app/features/profiles/.server";
import type { Services } from "#app/.server/services";
import { isValidIdDocument } from "#app/features/accounts/schemas";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, sessionCookie, settle } from "#tests/test-services";
import { action, loader } from "./lessor-profile";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

type Reply = { data: { result: SubmissionResult<string[]>; saved: boolean }; init: ResponseInit | null };

const context = () => loadContext(services);
const PATH = "/ajustes/completar-perfil-arrendador";

async function submit(path: string, fields: Record<string, string>, cookie?: string) {
  return (await settle(() => action({ request: formPost(path, fields, cookie), params: {}, context: context() }))) as unknown as Reply;
}

const valid = {
  legalName: "Lucía Pérez Martín",
  idDocument: "12345678-z",
  phone: "+34 611 22 33 44",
  address: "Calle del Puerto 3, 07001 Palma, España",
  iban: "ES91 2100 0418 4502 0005 1332",
};

describe("/ajustes/completar-perfil-arrendador", () => {
  it("sends anonymous visitors to sign in", async () => {
    const viaLoader = await settle(() => loader({ request: new Request(`http://localhost:3000${PATH}`), params: {}, context: context() }));
    expect((viaLoader as Response).status).toBe(302);
    expect((viaLoader as Response).headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Fcompletar-perfil-arrendador");
    const viaAction = await settle(() => action({ request: formPost(`/en${PATH}`, valid), params: {}, context: context() }));
    expect((viaAction as Response).headers.get("Location")).toBe("/en/login?redirect=%2Fen%2Fajustes%2Fcompletar-perfil-arrendador");
  });

  it("starts incomplete, with empty fields for a person", async () => {
    const person = await createTestUser(services);
    const data = await loader({ request: authedRequest(PATH, person.cookie), params: {}, context: context() });
    expect(data.complete).toBe(false);
    expect(data.defaults).toEqual({ legalName: "", idDocument: "", phone: "", address: "", iban: "" });
    expect(data.meta.title).toMatch(/arrendador/i);
  });

  it("refuses an IBAN with a bad checksum, in the page's language, and saves nothing", async () => {
    const person = await createTestUser(services);
    const bad = { ...valid, iban: "ES91 2100 0418 4502 0005 1333" };
    const spanish = await submit(PATH, bad, person.cookie);
    expect(spanish.init?.status).toBe(400);
    expect(spanish.data.saved).toBe(false);
    expect(spanish.data.result.error).toEqual({ iban: ["El IBAN no es válido: revisa el número"] });
    const english = await submit(`/en${PATH}`, bad, person.cookie);
    expect(english.data.result.error).toEqual({ iban: ["This IBAN is not valid: check the number"] });
    expect((await services.users.get(person.uid))?.lessor).toBeNull();
  });

  it("answers empty and malformed fields with 400 and translated messages", async () => {
    const person = await createTestUser(services);
    const reply = await submit(PATH, { legalName: "", idDocument: "12345678A", phone: "phone", address: "", iban: "" }, person.cookie);
    expect(reply.init?.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({
      legalName: ["Requerido"],
      idDocument: ["Introduce un DNI, NIE o pasaporte válido"],
      phone: ["Introduce un teléfono válido"],
      address: ["Requerido"],
      iban: ["Requerido"],
    });
  });

  it("saves a valid lessor profile: IBAN stored electronically, shown in groups of four", async () => {
    const person = await createTestUser(services);
    const reply = await submit(PATH, valid, person.cookie);
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data.saved).toBe(true);
    const profile = await services.users.get(person.uid);
    expect(profile?.lessor).toEqual({
      legalName: "Lucía Pérez Martín",
      idDocument: "12345678Z",
      phone: "+34 611 22 33 44",
      address: "Calle del Puerto 3, 07001 Palma, España",
      iban: "ES9121000418450200051332",
    });
    expect(isLessorComplete(profile!)).toBe(true);
    const data = await loader({ request: authedRequest(PATH, person.cookie), params: {}, context: context() });
    expect(data.complete).toBe(true);
    expect(data.defaults.iban).toBe("ES91 2100 0418 4502 0005 1332");
    expect(data.defaults.idDocument).toBe("12345678Z");

    // A later rejected change leaves the saved data as it was.
    const rejected = await submit(PATH, { ...valid, iban: "ES00 1234" }, person.cookie);
    expect(rejected.init?.status).toBe(400);
    expect((await services.users.get(person.uid))?.lessor?.iban).toBe("ES9121000418450200051332");
  });

  it("pre-fills a professional's company details", async () => {
    const session = await services.accounts.register({
      email: `marina-${Date.now()}@amarre.test`,
      password: "correct-horse-battery",
      displayName: "Marina Norte",
      kind: "professional",
      company: { name: "Marina Norte S.L.", taxId: "B87654321", phone: "+34 944 000 000", address: "Muelle de Churruca 1, Getxo" },
      lang: "es",
      origin: "http://localhost:3000",
    });
    const cookie = await sessionCookie(services, session);
    const data = await loader({ request: authedRequest(PATH, cookie), params: {}, context: context() });
    expect(data.defaults).toMatchObject({ legalName: "Marina Norte S.L.", phone: "+34 944 000 000", address: "Muelle de Churruca 1, Getxo" });
    expect(data.complete).toBe(false);
  });

  it("checks the control letter of a DNI or NIE, and accepts passports", () => {
    expect(isValidIdDocument("12345678Z")).toBe(true);
    expect(isValidIdDocument("12345678A")).toBe(false);
    expect(isValidIdDocument("X1234567L")).toBe(true);
    expect(isValidIdDocument("X1234567A")).toBe(false);
    expect(isValidIdDocument("Y0000000Z")).toBe(true);
    expect(isValidIdDocument("PAA123456")).toBe(true);
    expect(isValidIdDocument("AB1")).toBe(false);
  });
});
