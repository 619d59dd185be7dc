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
});
