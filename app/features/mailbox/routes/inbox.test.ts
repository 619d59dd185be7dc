import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { authedRequest, createTestServices, createTestUser, formPost, loadContext, pageRequest, settle } from "#tests/test-services";
import { action, loader } from "./inbox";

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services.close());

const PATH = "/ajustes/mi-bandeja-de-entrada";

const load = (request: Request) => loader({ request, params: {}, context: loadContext(services) });
const act = (request: Request) => action({ request, params: {}, context: loadContext(services) });

/** The action's answer: its data and status (single fetch `data()` results). */
async function post(fields: Record<string, string>, cookie: string, path = PATH) {
  const result = await act(formPost(path, fields, cookie));
  return { body: result.data, status: result.init?.status ?? 200 };
}

describe("inbox loader", () => {
  it("sends anonymous people to sign in first", async () => {
    const response = (await settle(() => load(pageRequest(PATH)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fajustes%2Fmi-bandeja-de-entrada");
    const english = (await settle(() => load(pageRequest(`/en${PATH}`)))) as Response;
    expect(english.headers.get("Location")).toBe("/en/login?redirect=%2Fen%2Fajustes%2Fmi-bandeja-de-entrada");
  });

  it("lists the person's own emails, newest first, with a translated title", async () => {
    const person = await createTestUser(services, { displayName: "Lucía Pons" });
    const other = await createTestUser(services);
    await services.mailbox.deliver({ uid: other.uid, to: other.email, subject: "Not yours", text: "…" });
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Reserva confirmada", text: "Todo listo", link: "/ajustes" });

    const data = await load(authedRequest(PATH, person.cookie));
    expect(data.meta.title).toBe("Mi bandeja de entrada · Amarre");
    expect(data.emails.map((e) => e.subject)).toEqual(["Reserva confirmada", "Te damos la bienvenida a Amarre, Lucía Pons"]);
    expect(data.emails[0]).toEqual({
      id: expect.any(String),
      subject: "Reserva confirmada",
      text: "Todo listo",
      link: "/ajustes",
      read: false,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(data)).not.toContain("Not yours");
    expect(JSON.stringify(data)).not.toContain(person.uid);

    const german = await load(authedRequest(`/de${PATH}`, person.cookie));
    expect(german.meta.title).toBe("Mein Posteingang · Amarre");
  });
});

describe("inbox action", () => {
  it("sends anonymous people to sign in first", async () => {
    const response = (await settle(() => act(formPost(PATH, { intent: "markAllRead" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirect=/);
  });

  it("marks one email read and unread again", async () => {
    const person = await createTestUser(services);
    const [welcome] = await services.mailbox.list(person.uid);

    expect(await post({ intent: "markRead", id: welcome.id }, person.cookie)).toEqual({
      status: 200,
      body: { ok: true, intent: "markRead" },
    });
    expect((await services.mailbox.list(person.uid))[0].read).toBe(true);
    expect(await services.mailbox.unreadCount(person.uid)).toBe(0);

    expect((await post({ intent: "markUnread", id: welcome.id }, person.cookie)).status).toBe(200);
    expect((await services.mailbox.list(person.uid))[0].read).toBe(false);
  });

  it("marks every email read", async () => {
    const person = await createTestUser(services);
    const other = await createTestUser(services);
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Second", text: "…" });
    await services.mailbox.deliver({ uid: person.uid, to: person.email, subject: "Third", text: "…" });
    expect(await services.mailbox.unreadCount(person.uid)).toBe(3);

    expect(await post({ intent: "markAllRead" }, person.cookie)).toEqual({ status: 200, body: { ok: true, intent: "markAllRead" } });
    expect(await services.mailbox.unreadCount(person.uid)).toBe(0);
    expect(await services.mailbox.unreadCount(other.uid)).toBe(1);
  });

  it("refuses another person's email with a 404 and changes nothing", async () => {
    const person = await createTestUser(services);
    const other = await createTestUser(services);
    const [theirs] = await services.mailbox.list(other.uid);

    for (const intent of ["markRead", "markUnread"]) {
      const answer = await post({ intent, id: theirs.id }, person.cookie);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ ok: false, error: "Ese correo no existe o no es tuyo." });
    }
    expect(await services.mailbox.unreadCount(other.uid)).toBe(1);
    // An id that exists nowhere is the same 404.
    expect((await post({ intent: "markRead", id: "A1b2C3d4E5f6G7h8I9j0" }, person.cookie)).status).toBe(404);
  });

  it("answers 400 with a translated message for bad input", async () => {
    const person = await createTestUser(services);
    const [welcome] = await services.mailbox.list(person.uid);
    const bad: Array<Record<string, string>> = [
      { intent: "deleteEverything", id: welcome.id },
      {},
      { intent: "markRead" },
      { intent: "markUnread", id: "" },
      { intent: "markRead", id: "../profiles/x" },
      { intent: "markRead", id: "x".repeat(500) },
    ];
    for (const fields of bad) {
      const answer = await post(fields, person.cookie);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toEqual({ ok: false, error: "No hemos entendido la petición. Recarga la página e inténtalo de nuevo." });
    }
    const french = await post({ intent: "nope" }, person.cookie, `/fr${PATH}`);
    expect(french).toEqual({ status: 400, body: { ok: false, error: "Nous n’avons pas compris cette demande. Rechargez la page et réessayez." } });
    expect((await services.mailbox.list(person.uid))[0].read).toBe(false);
  });

  it("reads its body through the body gate: a body no form sends is a translated 400, 413 or 415, never a 500", async () => {
    const person = await createTestUser(services);
    const [welcome] = await services.mailbox.list(person.uid);
    const send = (headers: Record<string, string>, body: BodyInit, path = `/en${PATH}`) =>
      settle(() => act(authedRequest(path, person.cookie, { method: "POST", headers, body }))) as Promise<unknown>;
    const refusal = async (headers: Record<string, string>, body: BodyInit) => {
      const answer = (await send(headers, body)) as { data: { message: string }; init: ResponseInit };
      return { status: answer.init.status, message: answer.data.message };
    };
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    expect(await refusal({ "Content-Type": "application/json" }, JSON.stringify({ intent: "markAllRead" }))).toEqual({
      status: 415,
      message: "This form only accepts the data of a web form.",
    });
    expect(await refusal(form, new Uint8Array([0x69, 0x64, 0x3d, 0xff, 0xfe]))).toEqual({ status: 400, message: "We could not read what was sent. Please try again from the form." });
    expect(await refusal(form, `intent=markRead&id=${"x".repeat(2 * 1024 * 1024)}`)).toEqual({ status: 413, message: "What was sent is too large." });
    expect(await refusal(form, Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&"))).toEqual({ status: 413, message: "What was sent has too many fields." });
    expect(await refusal({ "Content-Type": "multipart/form-data; boundary=nope" }, "--nope\r\nbroken")).toMatchObject({ status: 400 });
    // One invalid field beside a valid intent: the page's translated 400.
    expect(await post({ intent: "markRead", id: "a/b" }, person.cookie, `/de${PATH}`)).toEqual({
      status: 400,
      body: { ok: false, error: "Diese Anfrage haben wir nicht verstanden. Laden Sie die Seite neu und versuchen Sie es noch einmal." },
    });
    expect((await services.mailbox.list(person.uid)).find((email) => email.id === welcome.id)?.read).toBe(false);
  });
});
