import fs from "node:fs";
import { DEMO_PASSWORD, demoAccounts } from "#app/.server/seed/accounts";

/**
 * The shared server's log (playwright.config.ts sends its stdout and stderr here), read once
 * after every browser test has run against it (decision 049): every line is JSON in Cloud
 * Logging's shape, every request's line has its id, signed-in requests name the person by uid,
 * and no line holds a secret — the demo password, the session secret, a Stripe key or webhook
 * secret, a session cookie, or any email address (the demo people's included).
 */
export const SERVER_LOG = ".cache/e2e-server.log";
/** The shared server's SESSION_SECRET, which its log must never show. */
export const E2E_SESSION_SECRET = "e2e-session-secret-that-is-long-enough-0123456789";

const SEVERITIES = new Set(["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]);

export type LogProblem = { line: number; problem: string; text: string };

/** What is wrong with a run's log: its lines that are not JSON, lack a field, or hold a secret. */
export function logProblems(text: string, secrets: readonly string[]): { problems: LogProblem[]; requests: number; signedIn: number; errors: string[] } {
  const problems: LogProblem[] = [];
  const errors: string[] = [];
  let requests = 0;
  let signedIn = 0;
  const forbidden = [
    ...secrets.filter((s) => s.length > 0).map((s) => ({ name: "a secret", test: (line: string) => line.includes(s) })),
    { name: "an email address", test: (line: string) => /[\w.+-]+@[\w-]+\.[\w.-]+/.test(line) },
    { name: "a Stripe key or webhook secret", test: (line: string) => /\b(?:sk|rk)_(?:test|live)_|\bwhsec_/.test(line) },
    { name: "a session cookie", test: (line: string) => /__session=|amarre_session=/i.test(line) },
  ];
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    const at = { line: index + 1, text: raw.slice(0, 300) };
    for (const rule of forbidden) if (rule.test(raw)) problems.push({ ...at, problem: `holds ${rule.name}` });
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      problems.push({ ...at, problem: "is not JSON" });
      return;
    }
    if (!SEVERITIES.has(entry.severity as string)) problems.push({ ...at, problem: "has no Cloud Logging severity" });
    if (typeof entry.message !== "string") problems.push({ ...at, problem: "has no message" });
    if ("level" in entry || "msg" in entry) problems.push({ ...at, problem: "has pino's level or msg" });
    if (entry.severity === "ERROR" || entry.severity === "CRITICAL") errors.push(String(entry.message));
    if (entry.httpRequest) {
      requests++;
      if (typeof entry.uid === "string") signedIn++;
      for (const field of ["requestId", "method", "route", "status", "durationMs"]) {
        if (!(field in entry)) problems.push({ ...at, problem: `is a request's line without ${field}` });
      }
    }
  });
  return { problems, requests, signedIn, errors };
}

/** Playwright's global teardown: fails the run when the shared server's log breaks a rule. */
export default async function checkServerLog() {
  // The server writes its lines in batches at least every 250 ms (decision 049): the last batch first.
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (!fs.existsSync(SERVER_LOG)) throw new Error(`${SERVER_LOG} is missing: the shared server's log was not written`);
  const secrets = [DEMO_PASSWORD, E2E_SESSION_SECRET, ...demoAccounts.map((a) => a.email)];
  const { problems, requests, signedIn, errors } = logProblems(fs.readFileSync(SERVER_LOG, "utf8"), secrets);
  if (errors.length > 0) {
    console.log(`The shared server logged ${errors.length} error(s) (${SERVER_LOG}):\n${errors.slice(0, 20).map((e) => `  ${e}`).join("\n")}`);
  }
  if (problems.length > 0) {
    throw new Error(`The shared server's log breaks decision 049's rules:\n${problems.slice(0, 20).map((p) => `  line ${p.line} ${p.problem}: ${p.text}`).join("\n")}`);
  }
  // Only a run that served signed-in pages can show that people are named by uid.
  if (requests === 0) throw new Error(`${SERVER_LOG} has no request line`);
  console.log(`The shared server's log: ${requests} request lines (${signedIn} signed in, by uid), all JSON, no secret.`);
}
