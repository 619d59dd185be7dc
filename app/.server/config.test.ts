import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig, publicEnv } from "./config";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "amarre-config-"));
}

describe("loadConfig", () => {
  it("applies the defaults of the embedded backend", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.APP_BACKEND).toBe("embedded");
    expect(config.PORT).toBe(3000);
    expect(config.seedDemoData).toBe(true);
    expect(config.isProduction).toBe(false);
  });

  it("logs JSON lines in production and readable text elsewhere unless LOG_FORMAT says otherwise (decision 049)", () => {
    const production = { DATA_DIR: tempDir(), NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) };
    expect(loadConfig(production)).toMatchObject({ logFormat: "json", LOG_LEVEL: "info", traceProject: null });
    expect(loadConfig({ ...production, LOG_FORMAT: "text", LOG_LEVEL: "warn" })).toMatchObject({ logFormat: "text", LOG_LEVEL: "warn" });
    expect(loadConfig({ DATA_DIR: tempDir() }).logFormat).toBe("text");
    expect(loadConfig({ DATA_DIR: tempDir(), LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(() => loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: "verbose" })).toThrowError(/LOG_LEVEL/);
  });

  it("links log lines to the traces of GOOGLE_CLOUD_PROJECT, else FIREBASE_PROJECT_ID's; METRICS_TOKEN has 16 characters at least", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), FIREBASE_PROJECT_ID: "amarre-fb" }).traceProject).toBe("amarre-fb");
    expect(loadConfig({ DATA_DIR: tempDir(), FIREBASE_PROJECT_ID: "amarre-fb", GOOGLE_CLOUD_PROJECT: "amarre-gcp" }).traceProject).toBe("amarre-gcp");
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: "m".repeat(16) }).METRICS_TOKEN).toBe("m".repeat(16));
    expect(() => loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: "short" })).toThrowError(/METRICS_TOKEN/);
  });

  it("issues the platform's invoices as the company the legal notice names, unless INVOICE_ISSUER_* say otherwise", () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
      INVOICE_ISSUER_NAME: "Amarre Marketplace S.L.",
      INVOICE_ISSUER_TAX_ID: "B67294813",
      INVOICE_ISSUER_ADDRESS: "Passeig Marítim 32, 3.º B, 07014 Palma (Illes Balears)",
    });
    expect(loadConfig({ DATA_DIR: tempDir(), INVOICE_ISSUER_TAX_ID: "B12345674" }).INVOICE_ISSUER_TAX_ID).toBe("B12345674");
    expect(() => loadConfig({ DATA_DIR: tempDir(), INVOICE_ISSUER_TAX_ID: "B1" })).toThrowError(/INVOICE_ISSUER_TAX_ID/);
  });

  it("names the background clocks for what they drive; the deprecated BOOKING_SCHEDULER_MS fills whichever is unset", () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ BOOKING_DUE_CHECK_MS: 60_000, CHAT_EMAIL_CHECK_MS: 60_000 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const old = loadConfig({ DATA_DIR: tempDir(), BOOKING_SCHEDULER_MS: "5000" });
      expect(old).toMatchObject({ BOOKING_DUE_CHECK_MS: 5000, CHAT_EMAIL_CHECK_MS: 5000 });
      expect(old).not.toHaveProperty("BOOKING_SCHEDULER_MS");
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/BOOKING_SCHEDULER_MS is deprecated/));
      expect(loadConfig({ DATA_DIR: tempDir(), BOOKING_SCHEDULER_MS: "5000", CHAT_EMAIL_CHECK_MS: "2000" })).toMatchObject({ BOOKING_DUE_CHECK_MS: 5000, CHAT_EMAIL_CHECK_MS: 2000 });
    } finally {
      warn.mockRestore();
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), CHAT_EMAIL_CHECK_MS: "5" })).toThrow(/CHAT_EMAIL_CHECK_MS/);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "seventy", DATA_DIR: tempDir() })).toThrowError(/PORT/);
    expect(() => loadConfig({ APP_BACKEND: "mongo", DATA_DIR: tempDir() })).toThrowError(/APP_BACKEND/);
    expect(() => loadConfig({ MARKETING_URL: "not a url", DATA_DIR: tempDir() })).toThrowError(/MARKETING_URL/);
    expect(() => loadConfig({ SMTP_URL: "http://mail", DATA_DIR: tempDir() })).toThrowError(/SMTP_URL/);
  });

  it("requires the Firebase settings on the firebase backend and rejects an API key with a colon", () => {
    try {
      loadConfig({ APP_BACKEND: "firebase", DATA_DIR: tempDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const variables = (error as ConfigError).issues.map((i) => i.variable);
      expect(variables).toEqual(expect.arrayContaining(["FIREBASE_PROJECT_ID", "FIREBASE_API_KEY"]));
    }
    expect(() =>
      loadConfig({ APP_BACKEND: "firebase", FIREBASE_PROJECT_ID: "demo-amarre", FIREBASE_API_KEY: "a:b", DATA_DIR: tempDir() }),
    ).toThrowError(/FIREBASE_API_KEY/);
  });

  it("requires a session secret in production, and only there", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrowError(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: "short", DATA_DIR: tempDir() })).toThrowError(
      /SESSION_SECRET/,
    );
    const secret = "s".repeat(32);
    const older = "o".repeat(40);
    const config = loadConfig({ NODE_ENV: "production", SESSION_SECRET: `${secret},${older}`, DATA_DIR: tempDir() });
    expect(config.sessionSecrets).toEqual([secret, older]);
  });

  it("generates a development secret once and keeps it under DATA_DIR", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecrets[0]).toHaveLength(43);
    expect(second.sessionSecrets).toEqual(first.sessionSecrets);
    expect(fs.readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first.sessionSecrets[0]);
  });

  it("reads the embedded password policy", () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PASSWORD_MIN_LENGTH: "10", PASSWORD_REQUIRE_NUMERIC: "true" });
    expect(config.passwordPolicy).toMatchObject({ minLength: 10, requireNumeric: true, requireUppercase: false, maxLength: null });
    expect(loadConfig({ DATA_DIR: tempDir() }).passwordPolicy.minLength).toBe(6);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PASSWORD_MIN_LENGTH: "12", PASSWORD_MAX_LENGTH: "8" })).toThrowError(/PASSWORD_MAX_LENGTH/);
  });

  it("hashes passwords at scrypt's N = 16384 unless set, and never below it in production", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).PASSWORD_HASH_COST).toBe(16384);
    expect(loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: "65536" }).PASSWORD_HASH_COST).toBe(65536);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "test", PASSWORD_HASH_COST: "1024" }).PASSWORD_HASH_COST).toBe(1024);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: "20000" })).toThrowError(/PASSWORD_HASH_COST: must be a power of two/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: "512" })).toThrowError(/PASSWORD_HASH_COST/);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PASSWORD_HASH_COST: "8192" }),
    ).toThrowError(/PASSWORD_HASH_COST: must be at least 16384 in production/);
  });

  it("never seeds the firebase backend unless asked", () => {
    const env = { APP_BACKEND: "firebase", FIREBASE_PROJECT_ID: "demo-amarre", FIREBASE_API_KEY: "key", DATA_DIR: tempDir() };
    expect(loadConfig(env).seedDemoData).toBe(false);
    expect(loadConfig({ ...env, SEED_DEMO_DATA: "true" }).seedDemoData).toBe(true);
  });
  it("charges nothing by default and needs both Stripe secrets, each checked, for PAYMENTS_PROVIDER=stripe", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).PAYMENTS_PROVIDER).toBe("recorded");
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAYMENTS_PROVIDER: "paypal" })).toThrowError(/PAYMENTS_PROVIDER/);
    try {
      loadConfig({ DATA_DIR: tempDir(), PAYMENTS_PROVIDER: "stripe" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([
        { variable: "STRIPE_SECRET_KEY", message: "is required when PAYMENTS_PROVIDER=stripe" },
        { variable: "STRIPE_WEBHOOK_SECRET", message: "is required when PAYMENTS_PROVIDER=stripe" },
      ]);
    }
    const stripe = { DATA_DIR: tempDir(), PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_51Abc", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: "" })).toThrowError(/STRIPE_WEBHOOK_SECRET: is required/);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: "pk_test_51Abc" })).toThrowError(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: "secret" })).toThrowError(/STRIPE_WEBHOOK_SECRET: must be/);
    expect(() => loadConfig({ ...stripe, STRIPE_API_BASE: "http://127.0.0.1:12111/v1" })).toThrowError(/STRIPE_API_BASE/);
    const config = loadConfig({ ...stripe, STRIPE_API_BASE: "http://127.0.0.1:12111" });
    expect(config).toMatchObject({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_51Abc", STRIPE_WEBHOOK_SECRET: "whsec_abc123", STRIPE_API_BASE: "http://127.0.0.1:12111" });
    // The secrets never reach the browser.
    expect(JSON.stringify(publicEnv(config))).not.toMatch(/sk_test|whsec/);
  });
});
