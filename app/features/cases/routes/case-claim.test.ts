import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signClaim } from "#app/features/cases/.server";
import type { Services } from "#app/.server/services";
import { followNotice } from "#tests/notice";
import { authedRequest, createTestAdmin, createTestServices, createTestUser, dataOf, formPost, loadContext, pageRequest, settle, statusOf } from "#tests/test-services";
import { loader as adminCaseLoader } from "#app/features/cases/routes/admin-case";
import { loader as adminCasesLoader } from "#app/features/cases/routes/admin-cases";
import { action as contactAction } from "#app/features/legal-pages/routes/contact";
import { action as serviceAction } from "#app/features/service-pages/routes/service-page";
import { action as caseAction, loader as caseLoader } from "./case";
import { loader as myCasesLoader } from "./cases";

/**
 * Cases belong to whoever is signed in, with real Requests on the embedded backend: a signed-out
 * request giving an account's email (the contact form, a service page) stays a visitor's case —
 * not in that account's list nor its case page, its mailbox holds only an invitation with the
 * signed link, and the team sees the visitor mark. The link attaches the case only for the person
 * signed in with that address (a signed-out click goes to the login and back), says so, and a
 * link for another address, expired, altered or used again answers a translated message, never
 * a 500, never attaching.
 */
let services: Services;
let adminCookie: string;
let lucia: Awaited<ReturnType<typeof createTestUser>>;
let mallory: Awaited<ReturnType<typeof createTestUser>>;
let address = 0;

beforeAll(async () => {
  services = await createTestServices();
  lucia = await createTestUser(services, { email: "lucia.claims@amarre.test", displayName: "Lucía Martín" });
  mallory = await createTestUser(services, { email: "mallory.claims@amarre.test", displayName: "Mallory" });
  adminCookie = (await createTestAdmin(services, { displayName: "Alba Admin" })).cookie;
});
afterAll(() => services.close());

const context = () => ({ ...loadContext(services), clientAddress: `10.23.0.${++address}` });
const openCase = (path: string, id: string, cookie?: string) => settle(() => caseLoader({ request: cookie ? authedRequest(path, cookie) : pageRequest(path), params: { id }, context: context() }));
const myCases = async (cookie: string) => dataOf(await myCasesLoader({ request: authedRequest("/ajustes/mis-gestiones", cookie), params: {}, context: context() })).items as Array<{ id: string }>;
const adminRow = async (id: string) =>
  (dataOf(await adminCasesLoader({ request: authedRequest("/admin/gestiones", adminCookie), params: {}, context: context() })).items as Array<{ id: string; visitor: boolean }>).find((row) => row.id === id);
const adminCase = async (id: string) => dataOf(await adminCaseLoader({ request: authedRequest(`/admin/gestiones/${id}`, adminCookie), params: { id }, context: context() })).item;
/** The cases the team's search finds by `text`, whole (the search gives list rows). */
const casesBy = async (text: string) => Promise.all((await services.cases.search({ text })).items.map(async (row) => (await services.cases.getFor(row.id, { uid: "team", role: "admin" }))!.item));
const locationOf = (result: unknown) => (result as Response).headers.get("Location");
/** The claim link of the invitation in a person's mailbox, as a path. */
async function invitationLink(uid: string, id: string): Promise<string> {
  const email = (await services.mailbox.list(uid, { lang: "en" })).find((e) => e.link?.includes(id));
  expect(email, "invitation in the mailbox").toBeTruthy();
  const url = new URL(email!.link!);
  return url.pathname + url.search;
}

async function spoofContact(email: string, text: string) {
  const sent = await settle(() =>
    contactAction({ request: formPost("/en/contacto", { name: "Not Lucía", email, subject: text, message: `${text}: please pay the deposit at evil.example`, website: "" }), params: {}, context: context() }),
  );
  expect(statusOf(sent)).toBe(303);
  expect(locationOf(sent)).toBe("/en/contacto#formulario");
  const item = (await casesBy(text))[0]!;
  expect(item).toBeTruthy();
  return item;
}

describe("a visitor's request with an account's email", () => {
  it("stays a visitor's case: not in the account's cases, page or mailbox as hers; the team sees the visitor mark", async () => {
    const item = await spoofContact(lucia.email.toUpperCase(), "Spoofsubjectone");
    expect(item.requesterUid).toBeNull();
    expect((await myCases(lucia.cookie)).map((c) => c.id)).not.toContain(item.id);
    expect(statusOf(await openCase(`/ajustes/mis-gestiones/${item.id}`, item.id, lucia.cookie))).toBe(404);
    // Her actions on it are refused too (the action checks as the loader does).
    const posted = await settle(() => caseAction({ request: formPost(`/ajustes/mis-gestiones/${item.id}`, { intent: "message", message: "hola" }, lucia.cookie), params: { id: item.id }, context: context() }));
    expect(statusOf(posted)).toBe(404);
    // Her mailbox: one invitation naming the type and reference, none of the stranger's words, no "we have received your request".
    const mail = await services.mailbox.list(lucia.uid, { lang: "en" });
    const about = mail.filter((email) => `${email.subject} ${email.text}`.includes(item.id) || `${email.subject} ${email.text}`.includes(item.reference));
    expect(about.map((email) => email.subject)).toEqual([`Is this request yours? Contact (${item.reference})`]);
    expect(mail.some((email) => /We have received your request/.test(email.subject))).toBe(false);
    expect(mail.some((email) => /Not Lucía|evil\.example|Spoofsubjectone/.test(`${email.subject} ${email.text}`))).toBe(false);
    // The team: marked as a visitor's in the list and on its page.
    expect(await adminRow(item.id)).toMatchObject({ visitor: true });
    expect(await adminCase(item.id)).toMatchObject({ visitor: true, attachedAt: null });
  });

  it("the demo data has one: sent signed out with the demo owner's email, a visitor's in the admin list", async () => {
    const item = (await casesBy("andratx")).find((found) => found.contact.email === "owner@amarre.test")!;
    expect(item).toMatchObject({ type: "limpieza", requesterUid: null });
    expect(await adminRow(item.id)).toMatchObject({ visitor: true });
    const owner = (await services.identity.getUserByEmail("owner@amarre.test"))!;
    expect((await services.cases.listForRequester(owner.uid)).map((c) => c.id)).not.toContain(item.id);
  });

  it("the same from a service page", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "Someone", email: lucia.email, port: "Xàbia", lengthM: "8", cleaning: "full", date: "2099-06-01" })) form.append(name, value);
    const sent = await settle(() => serviceAction({ request: new Request("http://localhost:3000/limpieza", { method: "POST", body: form }), params: {}, context: context() }));
    expect(locationOf(sent)).toBe("/limpieza#solicitud");
    const item = (await casesBy("xabia"))[0]!;
    expect(item.requesterUid).toBeNull();
    expect((await myCases(lucia.cookie)).map((c) => c.id)).not.toContain(item.id);
    expect(await adminRow(item.id)).toMatchObject({ visitor: true });
  });

  it("a signed-in person's request is theirs, whatever email the form gave", async () => {
    const sent = await settle(() =>
      contactAction({ request: formPost("/contacto", { name: "Mallory", email: lucia.email, subject: "Signedinsubject", message: "A question about docks in Palma, please.", website: "" }, mallory.cookie), params: {}, context: context() }),
    );
    expect(statusOf(sent)).toBe(303);
    const item = (await casesBy("signedinsubject"))[0]!;
    expect(item.requesterUid).toBe(mallory.uid);
    expect((await myCases(mallory.cookie)).map((c) => c.id)).toContain(item.id);
    expect((await myCases(lucia.cookie)).map((c) => c.id)).not.toContain(item.id);
    expect(await adminRow(item.id)).toMatchObject({ visitor: false });
  });
});

describe("mail a visitor's form sets off", () => {
  it("reaches one address at most five times an hour, from however many client addresses; the requests are all kept", async () => {
    const target = await createTestUser(services, { email: "flooded.claims@amarre.test", displayName: "Flora" });
    for (let i = 0; i < 7; i++) await spoofContact(target.email, `Floodsubject${i}x`);
    const invitations = (await services.mailbox.list(target.uid, { lang: "en" })).filter((email) => email.subject.startsWith("Is this request yours?"));
    expect(invitations).toHaveLength(5);
    expect((await services.cases.search({ text: "flooded.claims" })).total).toBe(7);
  });
});

describe("the signed link", () => {
  it("signed out: goes to the login and back; another address is refused; hers attaches it, says so, once", async () => {
    const item = await spoofContact(lucia.email, "Claimsubjecttwo");
    const link = await invitationLink(lucia.uid, item.id);
    expect(link).toMatch(new RegExp(`^/en/ajustes/mis-gestiones/${item.id}\\?claim=v1\\.\\d+\\.[A-Za-z0-9_-]{43}$`));

    // Signed out: the login, which brings the person back to the link.
    const out = await openCase(link, item.id);
    expect(statusOf(out)).toBeGreaterThanOrEqual(300);
    expect(statusOf(out)).toBeLessThan(400);
    const login = new URL(locationOf(out)!, "http://localhost:3000");
    expect(login.searchParams.get("redirect")).toBe(link);

    // Someone else signed in with the link (forwarded, leaked): refused, nothing of the case shown.
    const other = await openCase(link, item.id, mallory.cookie);
    expect(statusOf(other)).toBe(403);
    const refused = dataOf(other);
    expect(refused).not.toHaveProperty("item");
    expect(refused.refused).toEqual({ reason: "other-email", email: mallory.email, days: 7 });
    expect(await services.cases.getFor(item.id, { uid: mallory.uid, role: "user" })).toBeNull();

    // Hers: attached, and the page says so.
    const claimed = await openCase(link, item.id, lucia.cookie);
    expect(statusOf(claimed)).toBe(303);
    expect(locationOf(claimed)).toBe(`/en/ajustes/mis-gestiones/${item.id}`);
    expect((await followNotice(services, claimed as Response)).notice?.key).toBe("cases:detail.claimed");
    expect((await myCases(lucia.cookie)).map((c) => c.id)).toContain(item.id);
    const page = dataOf(await openCase(`/en/ajustes/mis-gestiones/${item.id}`, item.id, lucia.cookie));
    expect(page.item.id).toBe(item.id);
    expect(await adminCase(item.id)).toMatchObject({ visitor: false, attachedAt: expect.any(String) });
    expect(await adminRow(item.id)).toMatchObject({ visitor: false });

    // Again: "already yours" for her; "used" for anyone else with that address' link.
    const already = await openCase(link, item.id, lucia.cookie);
    expect(locationOf(already)).toBe(`/en/ajustes/mis-gestiones/${item.id}`);
    expect((await followNotice(services, already as Response)).notice?.key).toBe("cases:detail.alreadyYours");
    const again = await openCase(link, item.id, mallory.cookie);
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again).refused.reason).toBe("used");
  });

  it("expired or altered: a translated message in the page's language, never attached", async () => {
    const item = await spoofContact(lucia.email, "Claimsubjectthree");
    const link = await invitationLink(lucia.uid, item.id);
    const token = new URL(link, "http://x").searchParams.get("claim")!;
    const expired = signClaim(services.config.sessionSecrets[0]!, { id: item.id, email: lucia.email }, new Date(Date.now() - 1000));
    const cases = [
      [`/ajustes/mis-gestiones/${item.id}?vincular=${expired}`, 410, "expired", /ha caducado/],
      [`/fr/ajustes/mis-gestiones/${item.id}?claim=${token.slice(0, -2)}xy`, 400, "invalid", /n’est pas valide/],
      [`/de/ajustes/mis-gestiones/${item.id}?vincular=${token.replace(/^v1\.(\d+)/, (_, n: string) => `v1.${Number(n) + 3600}`)}`, 400, "invalid", /ungültig/],
      [`/en/ajustes/mis-gestiones/${item.id}?claim=`, 400, "invalid", /not valid/],
      [`/en/ajustes/mis-gestiones/AAAAAAAAAAAAAAAAAAAA?vincular=${token}`, 400, "invalid", /not valid/],
    ] as const;
    for (const [path, status, reason, text] of cases) {
      const id = path.split("/").pop()!.split("?")[0]!;
      const result = await openCase(path, id, lucia.cookie);
      expect(statusOf(result), path).toBe(status);
      expect(dataOf(result).refused.reason, path).toBe(reason);
      // The message the page shows, in its language.
      const { createInstance } = await import("i18next");
      const lang = path.startsWith("/fr") ? "fr" : path.startsWith("/de") ? "de" : path.startsWith("/en") ? "en" : "es";
      const i18n = createInstance();
      await i18n.init({ lng: lang, ns: ["cases"], resources: { [lang]: { cases: (await import(`../../../../locales/${lang}/cases.json`)).default } } });
      expect(i18n.t(`cases:claim.refused.${reason}`, { days: 7, email: lucia.email }), path).toMatch(text);
    }
    expect((await myCases(lucia.cookie)).map((c) => c.id)).not.toContain(item.id);
    expect(await adminRow(item.id)).toMatchObject({ visitor: true });
  });
});
