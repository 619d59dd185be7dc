/**
 * The local identity adapter's password hashes: scrypt, stored as `scrypt$N$r$p$salt$hash`.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt's cost N for new hashes unless configured (`PASSWORD_HASH_COST`): 2^14, the least the
 * configuration accepts in production. Each hash records its own N, so a hash made at another
 * cost still verifies after the setting changes.
 */
export const DEFAULT_PASSWORD_HASH_COST = 16384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function scryptOptions(N: number, r: number, p: number): ScryptOptions {
  // Node's default maxmem (32 MiB) is just enough for N=16384, r=8; leave room for the parameters.
  return { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url; N is `cost` (a power of two). */
export async function hashPassword(password: string, cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, scryptOptions(cost, SCRYPT_R, SCRYPT_P));
  return ["scrypt", cost, SCRYPT_R, SCRYPT_P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * The hash of a random password nobody knows, at the default cost: checked when the email is
 * unknown, so that answer takes as long as a wrong password.
 */
export const DUMMY_HASH =
  "scrypt$16384$8$1$D1jv7k5UlqJrn35cOz8e2g$MCocSOco-jzkBF3G5Wry8-txgZqQk-2eOAlPIdrY4VP6aYAS4EtzJzxOkn2Dypvux4KWguEoPOv7ReQq2boh0w";

const dummyHashes = new Map<number, Promise<string>>([[DEFAULT_PASSWORD_HASH_COST, Promise.resolve(DUMMY_HASH)]]);

/** DUMMY_HASH's like at `cost`: made once per cost, from a random password nobody knows. */
export function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(24).toString("base64url"), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}

const HASH_FORMAT = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{8,})\$([A-Za-z0-9_-]{16,})$/;

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(stored);
  if (!match) return false;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Power of two, and bounded so a damaged record cannot ask for gigabytes.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(match[4], "base64url");
  const expected = Buffer.from(match[5], "base64url");
  const actual = await scrypt(password, salt, expected.length, scryptOptions(N, r, p));
  return timingSafeEqual(actual, expected);
}
