import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startBuiltServer } from "./built-server";

/**
 * Every acknowledged write survives a killed server: registrations are sent while the server
 * process is killed with SIGKILL (no shutdown, no flush), then a new server on the same data
 * directory signs in every account whose registration was answered. (An OS crash cannot be
 * simulated here; `synchronous = FULL` is what covers it, decision record 008.)
 */
function startServer(dataDir: string) {
  return startBuiltServer(
    {
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: "durability-test-secret-that-is-long-enough-0123456789",
      SIGN_UP_LIMIT_PER_HOUR: "100000",
      SIGN_IN_LIMIT_PER_10_MINUTES: "100000",
    },
    { dataDir },
  );
}

async function baseUrlOf(server: ReturnType<typeof startServer>) {
  await expect.poll(() => /running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1], { timeout: 30_000 }).toBeTruthy();
  return `http://127.0.0.1:${/running at http:\/\/localhost:(\d+)/.exec(server.output())![1]}`;
}

const PASSWORD = "durable-Passw0rd!";

test("acknowledged registrations survive kill -9 of the server", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-durability-"));
  try {
    const first = startServer(dataDir);
    const base = await baseUrlOf(first);
    const acknowledged: string[] = [];
    let sent = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const email = `durable-${w}-${i}@amarre.test`;
        sent++;
        try {
          const response = await fetch(`${base}/register`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "i18n_redirected=es" },
            body: new URLSearchParams({ displayName: `Persona ${w} ${i}`, email, password: PASSWORD, acceptTerms: "on", website: "" }),
          });
          if (response.status === 302 && response.headers.getSetCookie().some((c) => c.startsWith("__session="))) acknowledged.push(email);
          else if (!stop) throw new Error(`registration answered ${response.status}`);
        } catch (error) {
          if (!stop) throw error;
          return; // the server was killed under this request: not acknowledged
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(30);
    stop = true;
    first.child.kill("SIGKILL");
    await first.exited;
    await Promise.all(workers);
    expect(sent).toBeGreaterThan(acknowledged.length);

    const second = startServer(dataDir);
    const again = await baseUrlOf(second);
    const lost: string[] = [];
    for (const email of acknowledged) {
      const response = await fetch(`${again}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "i18n_redirected=es" },
        body: new URLSearchParams({ email, password: PASSWORD, redirect: "" }),
      });
      if (response.status !== 302) lost.push(`${email}: ${response.status}`);
    }
    expect(lost, `${acknowledged.length} acknowledged registrations`).toEqual([]);
    second.child.kill("SIGTERM");
    await second.exited;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
