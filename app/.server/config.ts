import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PasswordPolicy } from "#app/features/accounts";
import { PLATFORM_ISSUER } from "#app/features/legal-pages/.server";
import { DEFAULT_PASSWORD_HASH_COST } from "./identity";

/**
 * How often each server applies due booking expiries and completions (reads also apply them), unless
 * BOOKING_DUE_CHECK_MS says otherwise (it replaces BOOKING_SCHEDULER_MS, which drove chat emails too).
 */
const BOOKING_DUE_CHECK_MS = 60_000;
/** How often each server sends the due unread-message emails, unless CHAT_EMAIL_CHECK_MS says otherwise. */
const CHAT_EMAIL_CHECK_MS = 60_000;

/**
 * Every environment variable the server reads, in one schema, read once at start.
 * A bad or missing value stops the server with a message that names the variable.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalUrl = z.string().url().optional();

const schedulerMs = z.coerce.number().int().min(100).max(3_600_000);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_BACKEND: z.enum(["embedded", "firebase"]).default("embedded"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    SESSION_SECRET: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || v.split(",").every((s) => s.trim().length >= 32),
        "every comma-separated secret must be at least 32 characters",
      ),
    GENERATE_SESSION_SECRET: booleanFlag.default("false"),
    PUBLIC_URL: optionalUrl,
    MARKETING_URL: z.string().url().default("https://amarre.es"),
    // Map tiles for the search map ({z}/{x}/{y} placeholders) and their attribution.
    MAP_TILE_URL: z
      .string()
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
      .refine((v) => /^https?:\/\//.test(v) && v.includes("{z}") && v.includes("{x}") && v.includes("{y}"), "must be an http(s) URL with {z}, {x} and {y}"),
    MAP_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
    TRUST_PROXY: booleanFlag.default("false"),
    SEED_DEMO_DATA: booleanFlag.optional(),
    SMTP_URL: optionalUrl.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      "must start with smtp:// or smtps://",
    ),
    MAIL_FROM: z.string().min(3).default("Amarre <no-reply@amarre.test>"),
    FIREBASE_PROJECT_ID: z.string().min(1).optional(),
    FIREBASE_API_KEY: z
      .string()
      .min(1)
      .refine((v) => !v.includes(":"), "an API key cannot contain a colon")
      .optional(),
    FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    FIREBASE_STORAGE_BUCKET: z.string().min(1).optional(),
    FIREBASE_SERVICE_ACCOUNT: z
      .string()
      .optional()
      .refine((v) => {
        if (v === undefined || v === "") return true;
        try {
          const parsed = JSON.parse(v) as Record<string, unknown>;
          return typeof parsed.client_email === "string" && typeof parsed.private_key === "string";
        } catch {
          return false;
        }
      }, "must be a service account JSON with client_email and private_key"),
    FIRESTORE_EMULATOR_HOST: z.string().optional(),
    // The embedded backend's password policy (on firebase it comes from Firebase Auth).
    // Rate limits of sign-up (per client address and hour) and sign-in (per address and 10 minutes).
    SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    SIGN_IN_LIMIT_PER_10_MINUTES: z.coerce.number().int().min(1).max(100_000).default(20),
    // Requests from the service pages (paperwork, insurance, cleaning, transport, ports) per address and hour.
    // The platform as it appears on its invoices (the service fee): legal name, tax id, address.
    // By default the company the legal notice names (features/legal-pages/.server/company.ts).
    INVOICE_ISSUER_NAME: z.string().trim().min(2).max(120).default(PLATFORM_ISSUER.name),
    INVOICE_ISSUER_TAX_ID: z.string().trim().min(5).max(20).default(PLATFORM_ISSUER.taxId),
    INVOICE_ISSUER_ADDRESS: z.string().trim().min(5).max(200).default(PLATFORM_ISSUER.address),
    SERVICE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    // The visitors' page cache (decision record 007): how long a page rendered for visitors is
    // reused (0 switches it off; default 10 s in production, off in development) and its memory.
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(0).max(4096).default(64),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(4096).default(6),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(6).max(4096).optional(),
    PASSWORD_REQUIRE_LOWERCASE: booleanFlag.default("false"),
    PASSWORD_REQUIRE_UPPERCASE: booleanFlag.default("false"),
    PASSWORD_REQUIRE_NUMERIC: booleanFlag.default("false"),
    PASSWORD_REQUIRE_SYMBOL: booleanFlag.default("false"),
    // scrypt's cost N for new password hashes on the embedded backend: a power of two, at least
    // 2^14 (the default) in production; the unit tests make hundreds of accounts at 2^10.
    PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1_048_576)
      .refine((n) => (n & (n - 1)) === 0, "must be a power of two (16384, 32768, 65536…)")
      .default(DEFAULT_PASSWORD_HASH_COST),
    FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
    // Payments (decision 024): `recorded` charges nothing (what is owed is settled directly);
    // `stripe` holds, captures, refunds and pays out through Stripe and needs its two secrets.
    PAYMENTS_PROVIDER: z.enum(["recorded", "stripe"]).default("recorded"),
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .refine((v) => /^(sk|rk)_(test|live)_\w+$/.test(v), "must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)")
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .refine((v) => /^whsec_\w+$/.test(v), "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
    // The team's address: the daily reconciliation's differences are emailed there (decision 053); none sent when unset.
    TEAM_EMAIL: z.string().trim().email().optional(),
    // The Connect endpoint's signing secret (decision 052): connected accounts' events
    // (`account.updated`) come from an endpoint of their own; optional, either secret is accepted.
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .trim()
      .refine((v) => /^whsec_\w+$/.test(v), "must be the Connect webhook endpoint's signing secret (whsec_…)")
      .optional(),
    // Another address for Stripe's API (tests: the local fake); Stripe's own when empty.
    STRIPE_API_BASE: z
      .string()
      .url()
      .refine((v) => /^https?:\/\/[^/]+\/?$/.test(v), "must be an http(s) origin without a path (http://127.0.0.1:12111)")
      .optional(),
    // Weather (decision 031): the forecast that decides whether a trip is safe. `fixture` (the
    // default) reads WEATHER_FIXTURE_FILE or the built-in demo forecast, offline; `open-meteo` asks
    // Open-Meteo's marine and forecast APIs (no key); `aemet` reads AEMET OpenData's coastal
    // warnings (CAP) with AEMET_API_KEY, and Open-Meteo's figures beside them.
    WEATHER_PROVIDER: z.enum(["fixture", "aemet", "open-meteo"]).default("fixture"),
    WEATHER_FIXTURE_FILE: z.string().trim().min(1).optional(),
    AEMET_API_KEY: z.string().trim().min(10).optional(),
    // Imported calendars (decision 030): minutes between two fetches of one calendar, how long one
    // fetch may take, and hosts whose addresses are not checked against private ranges (tests: 127.0.0.1).
    // Background work, each server on its own clock: milliseconds between two passes applying due
    // booking expiries and completions, and between two passes sending due unread-message emails.
    // BOOKING_SCHEDULER_MS, the old single setting, is deprecated: read for both when they are unset.
    BOOKING_DUE_CHECK_MS: schedulerMs.optional(),
    CHAT_EMAIL_CHECK_MS: schedulerMs.optional(),
    BOOKING_SCHEDULER_MS: schedulerMs.optional(),
    CALENDAR_IMPORT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    CALENDAR_IMPORT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
    // Logs and metrics (decision 049): one JSON line per request and event (the default in
    // production; readable text elsewhere), the lowest level written, the Google Cloud project
    // whose traces the lines link to (else FIREBASE_PROJECT_ID), and the bearer token /metrics asks for.
    LOG_FORMAT: z.enum(["json", "text"]).optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    GOOGLE_CLOUD_PROJECT: z.string().trim().min(1).optional(),
    METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
    CALENDAR_IMPORT_ALLOW_HOSTS: z
      .string()
      .default("")
      .transform((v) => v.split(",").map((h) => h.trim()).filter(Boolean)),
    // Backups of the embedded backend (decision 050): with BACKUP_DIR set, each server writes a
    // whole backup there every BACKUP_INTERVAL_HOURS and keeps the newest BACKUP_KEEP.
    BACKUP_DIR: z.string().trim().min(1).optional(),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
    BACKUP_INTERVAL_HOURS: z.coerce.number().min(0.01).max(24 * 31).default(24),
    // Tests and `npm run bench` only: each answer says what it asked of the store in an
    // `X-Store-Use` header (reads, writes, queries, transactions; app/.server/store/counting.ts).
    STORE_COUNTING: booleanFlag.default("false"),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_MAX_LENGTH !== undefined && env.PASSWORD_MAX_LENGTH < env.PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["PASSWORD_MAX_LENGTH"], message: "must not be below PASSWORD_MIN_LENGTH" });
    }
    if (env.APP_BACKEND === "firebase") {
      for (const key of ["FIREBASE_PROJECT_ID", "FIREBASE_API_KEY"] as const) {
        if (!env[key]) {
          ctx.addIssue({ code: "custom", path: [key], message: "is required when APP_BACKEND=firebase" });
        }
      }
    }
    if (env.BACKUP_DIR) {
      const dataDir = path.resolve(env.DATA_DIR);
      const backupDir = path.resolve(env.BACKUP_DIR);
      if (backupDir === dataDir || backupDir.startsWith(dataDir + path.sep)) {
        ctx.addIssue({ code: "custom", path: ["BACKUP_DIR"], message: "must be outside DATA_DIR (a backup inside what it copies would copy itself)" });
      }
    }
    if (env.WEATHER_PROVIDER === "aemet" && !env.AEMET_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["AEMET_API_KEY"], message: "is required when WEATHER_PROVIDER=aemet" });
    }
    if (env.PAYMENTS_PROVIDER === "stripe") {
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENTS_PROVIDER=stripe" });
      }
    }
    if (env.NODE_ENV === "production" && env.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
      ctx.addIssue({ code: "custom", path: ["PASSWORD_HASH_COST"], message: `must be at least ${DEFAULT_PASSWORD_HASH_COST} in production` });
    }
    if (
      env.NODE_ENV === "production" &&
      !env.SESSION_SECRET &&
      !(env.APP_BACKEND === "embedded" && env.GENERATE_SESSION_SECRET)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "is required in production (comma-separated, newest first, each at least 32 characters)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, "SESSION_SECRET" | "SEED_DEMO_DATA" | "PAGE_CACHE_SECONDS" | "BOOKING_SCHEDULER_MS" | "BOOKING_DUE_CHECK_MS" | "CHAT_EMAIL_CHECK_MS" | "LOG_FORMAT"> & {
  /** JSON lines (production's default) or readable text (elsewhere's). */
  logFormat: "json" | "text";
  /** The Google Cloud project of Cloud Logging's trace field, or null. */
  traceProject: string | null;
  /** Milliseconds between two passes applying due booking expiries and completions. */
  BOOKING_DUE_CHECK_MS: number;
  /** Milliseconds between two passes sending due unread-message emails. */
  CHAT_EMAIL_CHECK_MS: number;
  /** Seconds a visitors' page is reused; 0: never. */
  pageCacheSeconds: number;
  /** The embedded identity's password policy. */
  passwordPolicy: PasswordPolicy;
  isProduction: boolean;
  /** Newest first; older ones still verify cookies signed before a rotation. */
  sessionSecrets: string[];
  dataDir: string;
  seedDemoData: boolean;
};

export class ConfigError extends Error {
  constructor(readonly issues: Array<{ variable: string; message: string }>) {
    super(
      "Invalid configuration:\n" +
        issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n") +
        "\nSee .env.example for every variable and its default.",
    );
    this.name = "ConfigError";
  }
}

/** Parses the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`SESSION_SECRET=` in a .env file) counts as unset.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(set);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  const sessionSecrets = parsed.SESSION_SECRET
    ? parsed.SESSION_SECRET.split(",").map((s) => s.trim())
    : [readOrCreateSecret(dataDir)];
  const { SESSION_SECRET: _secret, SEED_DEMO_DATA, PAGE_CACHE_SECONDS, BOOKING_SCHEDULER_MS: deprecatedSchedulerMs, LOG_FORMAT, ...rest } = parsed;
  if (deprecatedSchedulerMs !== undefined) {
    console.warn("[config] BOOKING_SCHEDULER_MS is deprecated: set BOOKING_DUE_CHECK_MS and CHAT_EMAIL_CHECK_MS (it is read for whichever is unset).");
  }
  return {
    ...rest,
    BOOKING_DUE_CHECK_MS: parsed.BOOKING_DUE_CHECK_MS ?? deprecatedSchedulerMs ?? BOOKING_DUE_CHECK_MS,
    CHAT_EMAIL_CHECK_MS: parsed.CHAT_EMAIL_CHECK_MS ?? deprecatedSchedulerMs ?? CHAT_EMAIL_CHECK_MS,
    isProduction: parsed.NODE_ENV === "production",
    logFormat: LOG_FORMAT ?? (parsed.NODE_ENV === "production" ? "json" : "text"),
    traceProject: parsed.GOOGLE_CLOUD_PROJECT ?? parsed.FIREBASE_PROJECT_ID ?? null,
    pageCacheSeconds: PAGE_CACHE_SECONDS ?? (parsed.NODE_ENV === "production" ? 10 : 0),
    sessionSecrets,
    dataDir,
    // Demo data is seeded on the embedded backend unless switched off; on firebase only on request.
    seedDemoData: SEED_DEMO_DATA ?? parsed.APP_BACKEND === "embedded",
    passwordPolicy: {
      minLength: parsed.PASSWORD_MIN_LENGTH,
      maxLength: parsed.PASSWORD_MAX_LENGTH ?? null,
      requireLowercase: parsed.PASSWORD_REQUIRE_LOWERCASE,
      requireUppercase: parsed.PASSWORD_REQUIRE_UPPERCASE,
      requireNumeric: parsed.PASSWORD_REQUIRE_NUMERIC,
      requireNonAlphanumeric: parsed.PASSWORD_REQUIRE_SYMBOL,
      allowedNonAlphanumericCharacters: null,
    },
  };
}

/**
 * DATA_DIR as the server resolves it, read without the rest of the configuration: `npm run backup`
 * and `npm run restore` must not make a session secret (or anything else) inside it.
 */
export function dataDirFrom(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(env.DATA_DIR || "./data");
}

/** Outside production a missing secret is generated once and kept under DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** The settings the browser may see: nothing secret ever goes in here. */
export function publicEnv(config: Config) {
  return {
    MARKETING_URL: config.MARKETING_URL,
    APP_BACKEND: config.APP_BACKEND,
    MAP_TILE_URL: config.MAP_TILE_URL,
    MAP_ATTRIBUTION: config.MAP_ATTRIBUTION,
    /** The Firebase web config (public by design) for the browser SDK, on the firebase backend. */
    FIREBASE:
      config.APP_BACKEND === "firebase"
        ? {
            apiKey: config.FIREBASE_API_KEY!,
            authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${config.FIREBASE_PROJECT_ID}.firebaseapp.com`,
            projectId: config.FIREBASE_PROJECT_ID!,
            authEmulatorUrl: config.FIREBASE_AUTH_EMULATOR_HOST ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` : null,
          }
        : null,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
