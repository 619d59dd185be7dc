import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutGroups, resourceRoutes } from "#app/route-table";
import type { Services } from "#app/.server/services";
import { createTestServices, createTestUser, loadContext } from "#tests/test-services";

/**
 * No body breaks an action: every action of the route table gets the bodies no browser form
 * would send, signed out and signed in, and answers below 500 — a translated 400, 413 or 415
 * where it reads a form, a redirect to sign in or a 404 where its guard comes first.
 */
type Action = (args: ActionFunctionArgs) => Promise<unknown>;

const files = [...new Set([...layoutGroups.flatMap((g) => g.pages.map((p) => ({ file: p.file, path: p.path }))), ...resourceRoutes.map((r) => ({ file: r.file, path: r.path }))].map((e) => JSON.stringify(e)))].map(
  (e) => JSON.parse(e) as { file: string; path: string | null },
);

const modules = import.meta.glob<{ action?: Action }>("./**/*.{ts,tsx}");

const sample = (path: string | null) =>
  `/${(path ?? "").replace(/:id/g, "abc123").replace(/:slug/g, "some-person").replace(/:lng/g, "es").replace(/:ns/g, "common").replace(/\*$/, "x")}`;

const json = { "Content-Type": "application/json" };
const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };
const hostile: Array<[name: string, init: () => RequestInit, expected?: number[]]> = [
  ["JSON", () => ({ headers: json, body: JSON.stringify({ email: "a@b.es", password: "x", intent: "profile" }) }), [400, 415]],
  ["text/plain", () => ({ headers: { "Content-Type": "text/plain" }, body: "email=a@b.es" }), [400, 415]],
  ["broken multipart", () => ({ headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end" })],
  ["multipart without a boundary", () => ({ headers: { "Content-Type": "multipart/form-data" }, body: "--xyz\r\n\r\n" })],
  ["invalid UTF-8", () => ({ headers: urlencoded, body: new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0x25, 0x43, 0x33, 0x25, 0x32, 0x38]) })],
  ["5,000 fields", () => ({ headers: urlencoded, body: Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&") })],
  ["bracketed keys", () => ({ headers: urlencoded, body: "intent=profile&languages%5B999999999%5D=es&displayName=A" })],
  ["__proto__ keys", () => ({ headers: urlencoded, body: "__proto__%5Bpolluted%5D=1&constructor.prototype.x=1&intent=profile" })],
  ["a 2 MB string", () => ({ headers: urlencoded, body: `intent=profile&bio=${"a".repeat(2 * 1024 * 1024)}` })],
  ["an empty body", () => ({ headers: urlencoded, body: "" })],
];

/** The status of what an action returned or threw: a Response, or single fetch's `data()`. */
function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && "init" in outcome) return (outcome as { init: ResponseInit | null }).init?.status ?? 200;
  return 200;
}

function messageOf(outcome: unknown): string {
  if (outcome && typeof outcome === "object" && "data" in outcome) return JSON.stringify((outcome as { data: unknown }).data);
  return "";
}

let services: Services;
let ownerCookie: string;
beforeAll(async () => {
  services = await createTestServices();
  ownerCookie = (await createTestUser(services)).cookie;
});
afterAll(() => services.close());

describe("every action answers hostile bodies below 500", async () => {
  const actions: Array<{ file: string; path: string; action: Action }> = [];
  for (const { file, path } of files) {
    const load = modules[`./${file}`];
    const module = load ? await load() : undefined;
    if (module?.action) actions.push({ file, path: sample(path), action: module.action });
  }

  it("finds the actions of the route table", () => {
    expect(actions.length).toBeGreaterThanOrEqual(15);
  });

  for (const { file, path, action } of actions) {
    for (const who of ["signed out", "signed in"] as const) {
      it(`${file} (${path}), ${who}`, async () => {
        const failures: string[] = [];
        for (const [name, init] of hostile) {
          for (const prefix of ["", "/en"]) {
            const url = `http://localhost:3000${path.startsWith("/resources") || path.startsWith("/api") || path.startsWith("/es") || path.startsWith("/photos") ? "" : prefix}${path}`;
            const headers = new Headers(init().headers);
            if (who === "signed in") headers.set("Cookie", ownerCookie);
            const request = new Request(url, { method: "POST", ...init(), headers });
            let outcome: unknown;
            try {
              outcome = await action({ request, params: { id: "abc123", slug: "some-person", "*": "x" }, context: { ...loadContext(services), clientAddress: `10.9.${Math.floor(Math.random() * 250)}.1` } });
            } catch (thrown) {
              if (thrown instanceof Error) {
                failures.push(`${name}: threw ${thrown.message}`);
                continue;
              }
              outcome = thrown;
            }
            const status = statusOf(outcome);
            if (status >= 500) failures.push(`${name}: ${status}`);
          }
        }
        expect(failures).toEqual([]);
      });
    }
  }
});

describe("the forms that answered JSON with a 500 now refuse it in the person's language", async () => {
  const cases = [
    ["features/accounts/routes/login.tsx", "/login", false],
    ["features/accounts/routes/register.tsx", "/register", false],
    ["features/accounts/routes/register-pro.tsx", "/register-pro", false],
    ["features/accounts/routes/forgot-password.tsx", "/recuperar-contrasena", false],
    ["features/profiles/routes/profile.tsx", "/ajustes/mi-perfil", true],
    ["features/profiles/routes/lessor-profile.tsx", "/ajustes/completar-perfil-arrendador", true],
    ["features/mailbox/routes/inbox.tsx", "/ajustes/mi-bandeja-de-entrada", true],
  ] as const;
  // A person of its own: the hostile bodies above include sign-outs, which end the owner's sessions.
  let cookie = "";
  beforeAll(async () => {
    cookie = (await createTestUser(services)).cookie;
  });
  for (const [file, path, signedIn] of cases) {
    it(`${path}`, async () => {
      const { action } = (await modules[`./${file}`]()) as { action: Action };
      for (const [prefix, text] of [
        ["", "solo acepta los datos de un formulario web"],
        ["/en", "only accepts the data of a web form"],
      ] as const) {
        const headers: Record<string, string> = { ...json, ...(signedIn ? { Cookie: cookie } : {}) };
        const request = new Request(`http://localhost:3000${prefix}${path}`, { method: "POST", headers, body: '{"email":"a@b.es"}' });
        let outcome: unknown;
        try {
          outcome = await action({ request, params: {}, context: loadContext(services) });
        } catch (thrown) {
          outcome = thrown;
        }
        expect(statusOf(outcome)).toBe(415);
        expect(messageOf(outcome)).toContain(text);
      }
    });
  }
});
