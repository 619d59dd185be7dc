import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storePhoto } from "#app/.server/blobs/images";
import { addDays, today } from "#app/utils/dates";
import type { Booking } from "#app/features/bookings/.server";
import type { Services } from "#app/.server/services";
import { createStore } from "#app/.server/store/create-store";
import { DatabaseReader } from "#app/.server/store/sqlite-backup";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser } from "#tests/test-services";
import { watchEventLoop } from "#tests/event-loop-watch";
import { BackupError, createBackup, type BackupManifest } from "./backup";
import { blobKeysOf } from "./blob-references";

/**
 * Backups while bookings are being made: the real bookings service (invoices issued by its
 * handler) on a real embedded store, a profile photo replaced over and over meanwhile (a blob
 * written, the document pointed at it, the old blob deleted), a backup taken in the middle, in
 * this process and in another one (`npm run backup`, what an operator runs beside the server),
 * then restored into a fresh folder and opened.
 */
const execFileAsync = promisify(execFile);
let services: Services & { dataDir: string };
let work: string;
let boats: string[];
let renters: Array<{ uid: string; lang: string }>;
let photoOwner: string;
let photoBytes: Uint8Array;
let booked = 0;
const BOATS = 5;

type Acknowledged = { id: string; startedAt: number; acknowledgedAt: number };

beforeAll(async () => {
  services = await createTestServices();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-backups-"));
  const owner = await createOwner(services);
  // Listings whose photos are real files: the backup must carry them.
  const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2a6f97" } }).jpeg().toBuffer();
  photoBytes = new Uint8Array(image);
  boats = [];
  for (let i = 0; i < BOATS; i++) {
    const photo = await storePhoto(services.blobs, `boats/backup-test-${i}`, photoBytes);
    boats.push((await createBoat(services, owner.uid, { instantBooking: true, photos: [photo] })).id);
  }
  renters = [];
  for (let i = 0; i < 4; i++) renters.push({ uid: (await createTestUser(services)).uid, lang: "es" });
  photoOwner = renters[0]!.uid;
  await services.profilePhotos.replace(photoOwner, photoBytes);
});
afterAll(async () => {
  await services.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Books one day on one of the boats (each boat and day once, so none is refused; 2,500 at most). */
async function bookOne(log: Acknowledged[]): Promise<void> {
  const n = booked++;
  const start = addDays(today(new Date()), 10 + Math.floor(n / BOATS));
  const startedAt = Date.now();
  const booking: Booking = await services.bookings.book(renters[n % renters.length]!, boats[n % BOATS]!, { start, end: start, part: null, people: 2, withSkipper: false });
  log.push({ id: booking.id, startedAt, acknowledgedAt: Date.now() });
}

/**
 * Bookings two at a time, and the profile photo replaced, until `done` settles. Each worker
 * pauses a few milliseconds between two of its writes, as requests arriving on sockets leave the
 * event loop and the thread pool to others (a chain of promises alone would never let a timer
 * or a file read run; back-to-back photo processing keeps the thread pool busy for everything).
 */
async function burst(done: Promise<unknown>, log: Acknowledged[], pauseMs = 10): Promise<void> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  const worker = async () => {
    while (!finished) {
      await bookOne(log);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const photos = async () => {
    while (!finished) {
      await services.profilePhotos.replace(photoOwner, photoBytes);
      await new Promise((resolve) => setTimeout(resolve, 2 * pauseMs));
    }
  };
  await Promise.all([worker(), worker(), photos()]);
}

async function restoreInto(backup: string): Promise<string> {
  const { restoreBackup } = await import("./restore");
  const dataDir = path.join(work, `restored-${path.basename(backup)}`);
  const result = await restoreBackup({ backup, dataDir });
  expect(result.documents).toBe(result.manifest.database.documents);
  return dataDir;
}

/** What a backup promises, read from the restored folder through the store and the files. */
async function checkRestored(dataDir: string, manifest: BackupManifest, log: Acknowledged[]) {
  const reader = new DatabaseReader(path.join(dataDir, "amarre.sqlite"));
  expect(reader.integrityProblems()).toEqual([]);
  reader.close();
  const store = await createStore({ backend: "embedded", dataDir });
  try {
    const moment = Date.parse(manifest.snapshot.startedAt);
    const after = Date.parse(manifest.snapshot.snapshotAt);
    const before = log.filter((entry) => entry.acknowledgedAt < moment);
    const later = log.filter((entry) => entry.startedAt > after);
    // The burst ran on both sides of the backup.
    expect(before.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    const restored = await store.getMany<Booking>("bookings", log.map((entry) => entry.id));
    const present = new Set(restored.filter((b) => b !== null).map((b) => b!.id));
    // Every booking acknowledged before the backup began is there; none begun after it ended is.
    expect(before.filter((entry) => !present.has(entry.id))).toEqual([]);
    expect(later.filter((entry) => present.has(entry.id))).toEqual([]);
    // Each booking there is whole: its days held by its own slots.
    for (const booking of restored) {
      if (!booking) continue;
      expect(booking.status).toBe("confirmed");
      const slots = await store.getMany<{ kind: string; ref: string }>("booking_slots", booking.slotIds);
      expect(slots.map((slot) => `${slot?.kind}:${slot?.ref}`)).toEqual(booking.slotIds.map(() => `booking:${booking.id}`));
    }
    // Invoice numbers: gapless from 1 in each series and year, the counter one past the last.
    const invoices = await store.query<{ series: string; year: number; sequence: number; bookingId?: string }>({ collection: "invoices" });
    const counters = await store.query<{ series: string; year: number; next: number }>({ collection: "invoice_counters" });
    expect(counters.length).toBeGreaterThan(0);
    for (const counter of counters) {
      const sequences = invoices.filter((i) => i.series === counter.series && i.year === counter.year).map((i) => i.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: counter.next - 1 }, (_, i) => i + 1));
    }
    // Every booking acknowledged before the moment has its invoice (the handler ran before the acknowledgement).
    const invoiced = new Set(invoices.map((i) => i.bookingId));
    expect(before.filter((entry) => !invoiced.has(entry.id))).toEqual([]);
    // Every blob a restored document points at is a file of the restored folder.
    const referenced: string[] = [];
    for (const collection of Object.keys(manifest.database.counts)) {
      for (const doc of await store.query<Record<string, unknown>>({ collection })) referenced.push(...blobKeysOf(collection, doc.id as string, doc));
    }
    expect(referenced.filter((key) => key.startsWith("photos/users/") || key.startsWith("photos/boats/")).length).toBeGreaterThan(3);
    expect(referenced.filter((key) => !fs.existsSync(path.join(dataDir, "blobs", ...key.split("/"))))).toEqual([]);
    expect(manifest.blobs.danglingInStore).toEqual([]);
  } finally {
    await store.close();
  }
}

describe("backups while the server serves", () => {
  it("backs up during a burst of bookings and photo changes: restored, every acknowledged booking is there, whole, invoices gapless, every blob present", async () => {
    const log: Acknowledged[] = [];
    for (let i = 0; i < 8; i++) await bookOne(log);
    const target = path.join(work, "in-process");
    let manifest!: BackupManifest;
    const made = (async () => {
      // A few bookings land first, so the backup starts mid-burst.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const watched = await watchEventLoop(() => createBackup({ dataDir: services.dataDir, target }));
      manifest = watched.result;
      console.info(`[backup test] ${log.length} bookings so far; in-process backup: ${manifest.durationMs} ms, busiest event-loop tick ${watched.busiestMs.toFixed(1)} ms (delay ${watched.delayMs.toFixed(1)} ms), ${manifest.snapshot.steps} steps, ${manifest.snapshot.restarts} restarts, ${manifest.attempts} attempt(s)`);
      // Requests keep being answered: no tick of the backup holds the loop for long.
      expect(watched.busiestMs).toBeLessThan(100);
      // A few more after it.
      for (let i = 0; i < 4; i++) await bookOne(log);
    })();
    await Promise.all([made, burst(made, log)]);
    expect(fs.readdirSync(work).filter((name) => name.includes(".partial-"))).toEqual([]);
    await checkRestored(await restoreInto(target), manifest, log);
  });

  it("backs up from another process (npm run backup beside the server) during a burst, and refuses a target that is not empty", async () => {
    const log: Acknowledged[] = [];
    for (let i = 0; i < 4; i++) await bookOne(log);
    const target = path.join(work, "other-process");
    const env = { ...process.env, DATA_DIR: services.dataDir };
    const script = path.resolve("scripts/backup.ts");
    const tsx = path.resolve("node_modules/.bin/tsx");
    let output = "";
    const child = execFileAsync(tsx, [script, target], { env }).then((result) => void (output = result.stdout));
    // Slower than in this process: the other process spends its first seconds loading its code.
    await Promise.all([child, burst(child, log, 40)]);
    for (let i = 0; i < 4; i++) await bookOne(log);
    expect(output).toContain(`Backed up ${services.dataDir} into ${target}`);
    const manifest = JSON.parse(fs.readFileSync(path.join(target, "manifest.json"), "utf8")) as BackupManifest;
    console.info(`[backup test] other process: ${manifest.durationMs} ms, ${manifest.snapshot.steps} steps, ${manifest.snapshot.restarts} restarts, ${manifest.attempts} attempt(s)`);
    await checkRestored(await restoreInto(target), manifest, log);
    // Again into the same folder: refused, the backup there untouched.
    const again = await createBackup({ dataDir: services.dataDir, target }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(BackupError);
    expect((again as BackupError).code).toBe("target-not-empty");
    expect(JSON.parse(fs.readFileSync(path.join(target, "manifest.json"), "utf8"))).toEqual(manifest);
  });

  it("refuses a DATA_DIR without a database, writing nothing", async () => {
    const empty = path.join(work, "no-data");
    fs.mkdirSync(empty);
    const error = await createBackup({ dataDir: empty, target: path.join(work, "never") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).code).toBe("no-database");
    expect(fs.existsSync(path.join(work, "never"))).toBe(false);
  });
});
