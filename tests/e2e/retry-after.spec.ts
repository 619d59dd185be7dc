import { expect, test } from "@playwright/test";
import { startBuiltServer } from "./built-server";

/**
 * Every 429 the app sends says when to come back (`Retry-After`, in seconds), on the response a
 * browser gets — not only in the action's data: Remix drops an action's headers other than
 * Set-Cookie unless the route passes them on. One built server with limits of one per address:
 * sign-in, password reset, sign-up, the contact form and the service requests, the chat's 60
 * messages in 10 minutes, and the profile's password proof.
 */
test.describe.configure({ mode: "serial" });

type Server = ReturnType<typeof startBuiltServer>;
let server: Server;
let origin = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = startBuiltServer({ SIGN_IN_LIMIT_PER_10_MINUTES: "1", SIGN_UP_LIMIT_PER_HOUR: "1", SERVICE_REQUESTS_PER_HOUR: "1" }, { demoData: true });
  await expect.poll(() => server.port(), { timeout: 60_000 }).toBeTruthy();
  origin = `http://127.0.0.1:${server.port()}`;
});

test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  server.cleanup();
});

function post(path: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
  return fetch(origin + path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", Cookie: `i18n_redirected=es${cookie ? `; ${cookie}` : ""}` },
    body: new URLSearchParams(fields),
  });
}

function sessionOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  expect(cookie, "a session cookie").toBeTruthy();
  return cookie!.split(";")[0]!;
}

function expectRetryAfter(response: Response, what: string) {
  expect(response.status, what).toBe(429);
  const seconds = Number(response.headers.get("Retry-After"));
  expect(Number.isInteger(seconds) && seconds > 0, `${what}: Retry-After ${response.headers.get("Retry-After")}`).toBe(true);
}

let renterCookie = "";

test("sign-in, password reset and sign-up", async () => {
  // The one sign-in this address may try in 10 minutes: the demo renter's.
  const signedIn = await post("/login", { email: "renter@amarre.test", password: "amarre-demo" });
  expect(signedIn.status).toBe(302);
  renterCookie = sessionOf(signedIn);
  expectRetryAfter(await post("/login", { email: "owner@amarre.test", password: "wrong-password-1" }), "sign-in");
  expectRetryAfter(await post("/recuperar-contrasena", { email: "owner@amarre.test" }), "password reset");
  const person = (n: number) => ({ displayName: `Persona ${n}`, email: `persona-${n}-${Date.now()}@example.com`, password: "a-long-password-2026", acceptTerms: "on" });
  const first = await post("/register", person(1));
  expect(first.status).not.toBe(429);
  expectRetryAfter(await post("/register", person(2)), "sign-up");
});

test("the contact form and the service requests", async () => {
  const message = { name: "Vera Visitante", email: "vera@example.com", subject: "Amarre en Sóller", message: "¿Tenéis amarres de alquiler en Sóller para agosto?", website: "" };
  expect((await post("/contacto", message)).status).toBe(303);
  expectRetryAfter(await post("/contacto", message), "contact form");
  const request = { name: "Vera Visitante", email: "vera@example.com", phone: "+34 600 111 222", portName: "Marina", place: "Altea", berths: "10" };
  expectRetryAfter(await post("/port/PortForm", request), "service request");
});

test("chat messages and the profile's password proof", async () => {
  test.setTimeout(120_000);
  const inbox = await (await fetch(`${origin}/mensajes`, { headers: { Cookie: `i18n_redirected=es; ${renterCookie}` } })).text();
  const chatId = /href="\/chat\/([A-Za-z0-9_-]+)[#"]/.exec(inbox)?.[1];
  expect(chatId, "a conversation of the demo renter").toBeTruthy();
  let last: Response | null = null;
  for (let i = 0; i < 61; i++) {
    last = await post(`/chat/${chatId}`, { intent: "send", text: `Mensaje de prueba ${i}` }, renterCookie);
    if (last.status === 429) break;
    expect(last.status).toBe(303);
  }
  expectRetryAfter(last!, "chat message");

  let proof: Response | null = null;
  for (let i = 0; i < 7; i++) {
    proof = await post("/ajustes/mi-perfil", { intent: "password", currentPassword: "not-my-password", password: "another-long-password-2026", confirmPassword: "another-long-password-2026" }, renterCookie);
    if (proof.status === 429) break;
    expect(proof.status).toBe(400);
  }
  expectRetryAfter(proof!, "password proof");
});
