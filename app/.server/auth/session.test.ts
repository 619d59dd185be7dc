import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createSessionStorage } from "./session";

const secret = (c: string) => c.repeat(32);

describe("the session cookie", () => {
  it("is signed, httpOnly, SameSite=Lax, and Secure in production", async () => {
    const dev = createSessionStorage(loadConfig({ SESSION_SECRET: secret("a"), DATA_DIR: "/tmp/amarre-session-test" }));
    const session = await dev.getSession();
    session.set("uid", "u1");
    const cookie = await dev.commitSession(session);
    expect(cookie).toMatch(/^__session=[^;]+\.[^;]+;/); // value.signature
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const prod = createSessionStorage(loadConfig({ NODE_ENV: "production", SESSION_SECRET: secret("a"), DATA_DIR: "/tmp/amarre-session-test" }));
    expect(await prod.commitSession(await prod.getSession())).toMatch(/Secure/);
  });

  it("keeps cookies signed with the previous secret valid after a rotation, and refuses forged ones", async () => {
    const before = createSessionStorage(loadConfig({ SESSION_SECRET: secret("o"), DATA_DIR: "/tmp/amarre-session-test" }));
    const session = await before.getSession();
    session.set("uid", "u42");
    const cookie = (await before.commitSession(session)).split(";")[0];

    const rotated = createSessionStorage(loadConfig({ SESSION_SECRET: `${secret("n")},${secret("o")}`, DATA_DIR: "/tmp/amarre-session-test" }));
    expect((await rotated.getSession(cookie)).get("uid")).toBe("u42");

    const dropped = createSessionStorage(loadConfig({ SESSION_SECRET: secret("n"), DATA_DIR: "/tmp/amarre-session-test" }));
    expect((await dropped.getSession(cookie)).get("uid")).toBeUndefined();

    const forged = cookie.replace(/=([^.]+)\./, (_m, value: string) => `=${value.slice(0, -2)}AA.`);
    expect((await rotated.getSession(forged)).get("uid")).toBeUndefined();
  });

  it("reads a header it has read before to the same contents, a session of its own each time", async () => {
    const storage = createSessionStorage(loadConfig({ SESSION_SECRET: secret("r"), DATA_DIR: "/tmp/amarre-session-test" }));
    const session = await storage.getSession();
    session.set("uid", "u7");
    session.flash("notice", "saved");
    const header = `theme=dark; ${(await storage.commitSession(session)).split(";")[0]}; i18n_redirected=es`;

    const first = await storage.getSession(header);
    expect(first.get("uid")).toBe("u7");
    // A flash read in one session is gone from that session only, never from the header's next reading.
    expect(first.get("notice")).toBe("saved");
    expect(first.get("notice")).toBeUndefined();
    const second = await storage.getSession(header);
    expect(second.get("notice")).toBe("saved");
    // Changing one session changes nothing the next reading sees.
    second.set("uid", "someone-else");
    expect((await storage.getSession(header)).get("uid")).toBe("u7");

    // A forged value stays refused however often it is sent; a header without the cookie is an empty session.
    const forged = header.replace(/__session=([^.]+)\./, (_m, value: string) => `__session=${value.slice(0, -2)}AA.`);
    for (let i = 0; i < 3; i++) expect((await storage.getSession(forged)).get("uid")).toBeUndefined();
    expect((await storage.getSession("theme=dark")).data).toEqual({});
    expect((await storage.getSession("my__session=x")).data).toEqual({});
  });
});
