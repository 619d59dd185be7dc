import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskBlobStore } from "#app/.server/blobs/disk";
import { loadConfig } from "#app/.server/config";
import { createStore } from "#app/.server/store/create-store";
import { SCHEMA_VERSION } from "#app/.server/store/sqlite-backup";
import { BackupError, createBackup, type BackupManifest } from "./backup";
import { restoreBackup } from "./restore";
import { lastBackup, lastBackupHere, listBackups, pruneBackups, runScheduledBackup, startBackupSchedule } from "./schedule";

/**
 * What an operator meets around a restore and the scheduled backups: a restore refuses a DATA_DIR
 * that is not empty, a folder that is not a whole backup, a damaged one and one from newer code,
 * leaving DATA_DIR as it was; the schedule keeps BACKUP_KEEP backups and says how the last went;
 * on firebase it is off, saying why.
 */
let work: string;
let dataDir: string;
let backup: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "amarre-restore-"));
  dataDir = path.join(work, "data");
  const store = await createStore({ backend: "embedded", dataDir });
  const blobs = new DiskBlobStore({ dataDir });
  await blobs.put("photos/users/abc/k3j9/320.webp", new Uint8Array([1, 2, 3]), { contentType: "image/webp" });
  await store.set("profiles", "u1", { photo: { folder: "users/abc/k3j9", widths: [320], placeholder: "" } });
  await store.set("bookings", "b1", { status: "confirmed" });
  await store.close();
  fs.writeFileSync(path.join(dataDir, "session-secret"), "s".repeat(43) + "\n");
  backup = path.join(work, "backup");
  await createBackup({ dataDir, target: backup });
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A copy of the backup to spoil. */
function copyOfBackup(name: string): string {
  const copy = path.join(work, name);
  fs.cpSync(backup, copy, { recursive: true });
  return copy;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof BackupError)) throw new Error(`expected a BackupError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe("restore", () => {
  it("fills an empty DATA_DIR: the documents, the blobs and the session secret, the database checked", async () => {
    const target = path.join(work, "fresh");
    fs.mkdirSync(target);
    const result = await restoreBackup({ backup, dataDir: target });
    expect(result).toMatchObject({ documents: 2, blobs: 2 });
    expect(fs.readFileSync(path.join(target, "blobs/photos/users/abc/k3j9/320.webp"))).toEqual(Buffer.from([1, 2, 3]));
    expect(fs.readFileSync(path.join(target, "session-secret"), "utf8")).toBe("s".repeat(43) + "\n");
    expect(fs.statSync(path.join(target, "session-secret")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(target).sort()).toEqual(["amarre.sqlite", "blobs", "session-secret"]);
    const store = await createStore({ backend: "embedded", dataDir: target });
    expect(await store.get("bookings", "b1")).toMatchObject({ status: "confirmed" });
    await store.close();
  });

  it("refuses a DATA_DIR that is not empty, touching nothing in it", async () => {
    const busy = path.join(work, "busy");
    fs.mkdirSync(busy);
    fs.writeFileSync(path.join(busy, "notes.txt"), "mine");
    expect(await refusal(restoreBackup({ backup, dataDir: busy }))).toMatchObject({ code: "data-dir-not-empty", message: expect.stringContaining("is not empty") });
    expect(fs.readdirSync(busy)).toEqual(["notes.txt"]);
  });

  it("refuses a folder that is not a whole backup: no manifest (half-written), a blob missing, a file changed, a schema from newer code", async () => {
    const halfWritten = copyOfBackup(".backup.partial-abc");
    fs.rmSync(path.join(halfWritten, "manifest.json"));
    const missingBlob = copyOfBackup("missing-blob");
    fs.rmSync(path.join(missingBlob, "blobs/photos/users/abc/k3j9/320.webp"));
    const changedDatabase = copyOfBackup("changed-database");
    fs.appendFileSync(path.join(changedDatabase, "amarre.sqlite"), "x");
    const newer = copyOfBackup("newer");
    const manifest = JSON.parse(fs.readFileSync(path.join(newer, "manifest.json"), "utf8")) as BackupManifest;
    fs.writeFileSync(path.join(newer, "manifest.json"), JSON.stringify({ ...manifest, schemaVersion: SCHEMA_VERSION + 1, appVersion: "9.0.0" }));
    const foreign = copyOfBackup("foreign");
    fs.writeFileSync(path.join(foreign, "manifest.json"), JSON.stringify({ format: "amarre-backup", formatVersion: 1, schemaVersion: 1 }));
    const cases = [
      [halfWritten, "not-a-backup", "has no manifest.json"],
      [foreign, "not-a-backup", "is not an Amarre backup's"],
      [missingBlob, "damaged", "blobs/photos/users/abc/k3j9/320.webp is missing"],
      [changedDatabase, "damaged", "amarre.sqlite does not match its checksum"],
      [newer, "schema-too-new", `this code knows schema ${SCHEMA_VERSION}`],
    ] as const;
    for (const [folder, code, says] of cases) {
      const target = path.join(work, `into-${path.basename(folder)}`);
      const found = await refusal(restoreBackup({ backup: folder, dataDir: target }));
      expect(found.code).toBe(code);
      expect(found.message).toContain(says);
      expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
    }
  });

  it("refuses a database that fails its integrity check even when its checksum was forged, leaving DATA_DIR empty", async () => {
    const corrupt = copyOfBackup("corrupt");
    const file = path.join(corrupt, "amarre.sqlite");
    const bytes = fs.readFileSync(file);
    // Page 2 (the documents table's first page): its header scrambled.
    bytes.fill(0xa5, 4096, 4096 + 64);
    fs.writeFileSync(file, bytes);
    const manifest = JSON.parse(fs.readFileSync(path.join(corrupt, "manifest.json"), "utf8")) as BackupManifest;
    const { createHash } = await import("node:crypto");
    manifest.database.sha256 = createHash("sha256").update(bytes).digest("hex");
    fs.writeFileSync(path.join(corrupt, "manifest.json"), JSON.stringify(manifest));
    const target = path.join(work, "into-corrupt");
    const found = await refusal(restoreBackup({ backup: corrupt, dataDir: target }));
    expect(found.code).toBe("damaged");
    // SQLite either lists what it found or stops at the damaged page ("database disk image is malformed").
    expect(found.message).toMatch(/the database (fails PRAGMA integrity_check|cannot be read: database disk image is malformed)/);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});

describe("blobs deleted while a backup copies them", () => {
  it("starts again when a blob the snapshot points at is deleted after its moment: the restored profile points at a photo that is there", async () => {
    const dir = path.join(work, "replaced-data");
    const store = await createStore({ backend: "embedded", dataDir: dir });
    const blobs = new DiskBlobStore({ dataDir: dir });
    const photo = (folder: string) => ({ photo: { folder, widths: [320], placeholder: "" } });
    await blobs.put("photos/users/u2/old/320.webp", new Uint8Array([1]), { contentType: "image/webp" });
    await store.set("profiles", "u2", photo("users/u2/old"));
    const target = path.join(work, "replaced-backup");
    const manifest = await createBackup({
      dataDir: dir,
      target,
      // Right after the first snapshot, the photo is replaced the way the profile service does it:
      // the new file, the profile pointed at it, the old file deleted.
      afterSnapshot: async (attempt) => {
        if (attempt !== 1) return;
        await blobs.put("photos/users/u2/new/320.webp", new Uint8Array([2]), { contentType: "image/webp" });
        await store.set("profiles", "u2", photo("users/u2/new"));
        await blobs.delete("photos/users/u2/old/320.webp");
      },
    });
    await store.close();
    expect(manifest.attempts).toBe(2);
    expect(manifest.blobs.danglingInStore).toEqual([]);
    const restored = path.join(work, "replaced-restored");
    await restoreBackup({ backup: target, dataDir: restored });
    const reopened = await createStore({ backend: "embedded", dataDir: restored });
    expect(await reopened.get("profiles", "u2")).toMatchObject(photo("users/u2/new"));
    await reopened.close();
    expect(fs.readFileSync(path.join(restored, "blobs/photos/users/u2/new/320.webp"))).toEqual(Buffer.from([2]));
  });

  it("names the blobs the store itself points at without holding them, once, instead of starting again", async () => {
    const dir = path.join(work, "dangling-data");
    const store = await createStore({ backend: "embedded", dataDir: dir });
    await store.set("profiles", "u3", { photo: { folder: "users/u3/lost", widths: [320, 640], placeholder: "" } });
    await store.close();
    const manifest = await createBackup({ dataDir: dir, target: path.join(work, "dangling-backup") });
    expect(manifest).toMatchObject({ attempts: 1, blobs: { danglingInStore: ["photos/users/u3/lost/320.webp", "photos/users/u3/lost/640.webp"] } });
  });
});

describe("scheduled backups", () => {
  it("keeps the newest BACKUP_KEEP whole backups, leaves other folders alone and clears a stopped backup's leftovers", async () => {
    const dir = path.join(work, "kept");
    fs.mkdirSync(dir);
    fs.mkdirSync(path.join(dir, "operator-notes"));
    const stale = path.join(dir, ".amarre-2020-01-01T00-00-00-000Z.partial-0a1b2c");
    fs.mkdirSync(stale);
    fs.utimesSync(stale, new Date("2020-01-01"), new Date("2020-01-01"));
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await runScheduledBackup({ dataDir, dir, keep: 2, now: new Date(Date.UTC(2026, 11, 1 + i, 3)) })).folder);
    expect(listBackups(dir).map((b) => b.folder)).toEqual([made[3], made[2]]);
    expect(fs.readdirSync(dir).sort()).toEqual(["amarre-2026-12-03T03-00-00-000Z", "amarre-2026-12-04T03-00-00-000Z", "operator-notes"]);
    // A half-written backup that is recent may be another process's, still running: kept.
    const running = path.join(dir, ".amarre-2026-12-05T03-00-00-000Z.partial-ffffff");
    fs.mkdirSync(running);
    expect(await pruneBackups(dir, 2)).toBe(2);
    expect(fs.existsSync(running)).toBe(true);
  });

  it("runs in the server when BACKUP_DIR is set and lastBackup() says how the last one went", async () => {
    const dir = path.join(work, "scheduled");
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: (...args: unknown[]) => lines.push(args.map(String).join(" ")) };
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32), BACKUP_DIR: dir, BACKUP_KEEP: "3" });
    const schedule = startBackupSchedule(config, { log, firstRunDelayMs: 3_600_000 });
    expect(lastBackup()).toMatchObject({ state: "idle", dir, keep: 3, intervalHours: 24, lastSuccess: null, lastFailure: null, kept: 0 });
    await schedule.runNow();
    const status = lastBackup();
    expect(status).toMatchObject({ state: "idle", lastFailure: null, kept: 1, lastSuccess: { documents: 2, blobs: 2 } });
    expect(status.lastSuccess!.folder).toBe(listBackups(dir)[0]!.folder);
    expect(Date.parse(status.nextAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(lines).toEqual([expect.stringMatching(/^\[backup\] .*amarre-.*: 2 documents and 2 blob files as of .*; 1 kept\.$/)]);
    // The operations page's row: the last success's end; no row where no backup is scheduled.
    expect(await lastBackupHere(config)!()).toEqual({ at: status.lastSuccess!.finishedAt });
    expect(lastBackupHere({ ...config, BACKUP_DIR: undefined })).toBeUndefined();
    expect(lastBackupHere({ ...config, APP_BACKEND: "firebase" })).toBeUndefined();
    // A failure is shown (the data folder gone), the last success still named.
    fs.renameSync(path.join(dataDir, "amarre.sqlite"), path.join(dataDir, "moved.sqlite"));
    await schedule.runNow();
    fs.renameSync(path.join(dataDir, "moved.sqlite"), path.join(dataDir, "amarre.sqlite"));
    expect(lastBackup()).toMatchObject({ lastSuccess: { folder: status.lastSuccess!.folder }, lastFailure: { error: expect.stringContaining("holds no database") } });
    await schedule.stop();
    // A server started later reads the newest backup there.
    const again = startBackupSchedule(config, { log, firstRunDelayMs: 3_600_000 });
    expect(lastBackup().lastSuccess?.folder).toBe(status.lastSuccess!.folder);
    await again.stop();
  });

  it("is off on the firebase backend, with one log line saying why, and off without BACKUP_DIR", async () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const base = { dataDir, BACKUP_KEEP: 7, BACKUP_INTERVAL_HOURS: 24 };
    // Only the setting is read: no Firebase client starts (so this file shares a worker, vite.config.ts).
    const otherBackend = "firebase" as const;
    const firebase = startBackupSchedule({ ...base, APP_BACKEND: otherBackend, BACKUP_DIR: path.join(work, "never") }, { log });
    expect(lastBackup()).toMatchObject({ state: "off", reason: expect.stringContaining("point-in-time recovery") });
    expect(lines).toEqual([expect.stringContaining("BACKUP_DIR is ignored on the firebase backend")]);
    await firebase.runNow();
    expect(fs.existsSync(path.join(work, "never"))).toBe(false);
    await firebase.stop();
    const unset = startBackupSchedule({ ...base, APP_BACKEND: "embedded", BACKUP_DIR: undefined }, { log });
    expect(lastBackup()).toMatchObject({ state: "off", reason: "BACKUP_DIR is not set" });
    expect(lines).toHaveLength(1);
    await unset.stop();
  });

  it("refuses a BACKUP_DIR inside DATA_DIR when the configuration is read", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(32), BACKUP_DIR: path.join(dataDir, "backups") })).toThrow(/BACKUP_DIR: must be outside DATA_DIR/);
  });
});
