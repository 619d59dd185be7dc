import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "#app/i18n";
import type { MailMessage } from "#app/.server/mail";
import type { Services } from "#app/.server/services";
import { SqliteStore } from "#app/.server/store/sqlite";
import { storeIndexes } from "#app/.server/store/indexes";
import { loader as inboxLoader } from "#app/features/mailbox/routes/inbox";
import { authedRequest, createTestServices, loadContext, signInAs } from "#tests/test-services";
import { createMailboxService, systemEmail } from "./index";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

let counter = 0;
async function signUp(lang: Lang) {
  counter += 1;
  const email = `sailor-${lang}-${counter}@amarre.test`;
  const session = await services.accounts.register({ email, password: "amarre-demo", displayName: `Marinera ${counter}`, kind: "person", lang, origin: "https://amarre.test" });
  return { uid: session.uid, email };
}

async function inbox(email: string, path: string) {
  const { cookie } = await signInAs(services, email, "amarre-demo");
  const data = (await inboxLoader({ request: authedRequest(path, cookie), params: {}, context: loadContext(services) })) as Exclude<
    Awaited<ReturnType<typeof inboxLoader>>,
    Response
  >;
  return data.emails;
}

describe("system emails in the recipient's language", () => {
  it("welcomes a person who signed up in German in German, and a French one in French", async () => {
    const german = await signUp("de");
    const [welcomeDe] = await services.mailbox.list(german.uid);
    expect(welcomeDe.subject).toBe(`Willkommen bei Amarre, Marinera ${counter}`);
    expect(welcomeDe.text).toContain("Ihr Amarre-Konto ist eingerichtet");
    expect(welcomeDe.link).toBe("https://amarre.test/de/ajustes");

    const french = await signUp("fr");
    const [welcomeFr] = await services.mailbox.list(french.uid);
    expect(welcomeFr.subject).toBe(`Bienvenue sur Amarre, Marinera ${counter}`);
    expect(welcomeFr.text).toContain("Votre compte Amarre est prêt");
  });

  it("stores keys and parameters, not Spanish text, and shows them in the language the inbox is read in", async () => {
    const person = await signUp("es");
    const [email] = await services.mailbox.list(person.uid);
    const stored = await services.store.get<Record<string, unknown>>("emails", email.id);
    expect(stored).not.toHaveProperty("subject");
    expect(stored).not.toHaveProperty("text");
    expect(stored).toMatchObject({ lang: "es", template: { subject: "welcome.subject", text: "welcome.text" } });

    expect((await inbox(person.email, "/ajustes/mi-bandeja-de-entrada"))[0].subject).toMatch(/^Te damos la bienvenida a Amarre/);
    expect((await inbox(person.email, "/en/ajustes/mi-bandeja-de-entrada"))[0].subject).toMatch(/^Welcome to Amarre/);
    expect((await inbox(person.email, "/de/ajustes/mi-bandeja-de-entrada"))[0].text).toContain("Bis bald auf dem Wasser!");
  });

  it("keeps showing emails stored as text before (as they are), in any language", async () => {
    const person = await signUp("en");
    await services.store.add("emails", { uid: person.uid, subject: "Bienvenido (antiguo)", text: "Texto guardado", link: null, read: false, createdAt: "2020-01-01T00:00:00.000Z" });
    const emails = await services.mailbox.list(person.uid, { lang: "fr" });
    expect(emails.map((email) => email.subject)).toEqual([expect.stringMatching(/^Bienvenue sur Amarre/), "Bienvenido (antiguo)"]);
    expect(emails[1].text).toBe("Texto guardado");
  });

  it("sends by SMTP in the recipient's language, dates and amounts written its way", async () => {
    const sent: MailMessage[] = [];
    const store = new SqliteStore({ dataDir: ":memory:", indexes: storeIndexes });
    const mailbox = createMailboxService({ store, transport: { send: async (message) => void sent.push(message) } });
    await mailbox.deliver({ uid: "ana", to: "ana@amarre.test", lang: "de", email: systemEmail("passwordReset", { link: "https://amarre.test/x", minutes: 60 }) });
    await mailbox.deliver({
      uid: "ana",
      to: "ana@amarre.test",
      lang: "fr",
      email: {
        subject: "booking.acceptedRenter.subject",
        text: "booking.acceptedRenter.text",
        params: { name: "Ana", other: "Luis", listing: { byLang: { es: "Amarre en Palma", fr: "Place de port à Palma" } }, dates: { date: "2026-07-14" }, total: { euros: 123_450 }, earnings: 0, refund: 0, hours: 0, link: "https://amarre.test/fr" },
      },
    });
    expect(sent[0].subject).toMatch(/Passwort/);
    expect(sent[1].text).toContain("14 juillet 2026");
    expect(sent[1].text).toContain("Place de port à Palma");
    expect(sent[1].text).not.toContain("Amarre en Palma");
    await store.close();
  });
});
