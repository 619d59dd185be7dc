/**
 * The daily backup inside a running server (decision 050): with BACKUP_DIR set, on the embedded
 * backend, a whole backup every BACKUP_INTERVAL_HOURS (24 by default) into
 * `BACKUP_DIR/amarre-<moment>/`, the newest BACKUP_KEEP kept. It reads the database through a
 * connection of its own, in short steps, so requests keep being answered while it runs.
 * `lastBackup()` is what the team's operations page shows.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";
import type { LastBackup } from "../operations";
import { createBackup, MANIFEST_FILE, type BackupManifest } from "./backup";

export const BACKUP_FOLDER_PREFIX = "amarre-";
/** A backup's first run waits this long after the server starts, when one is due. */
const FIRST_RUN_DELAY_MS = 60_000;
/** A hidden half-written backup older than this is a stopped one's (another's is still being written). */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;
/** setTimeout's longest wait; longer waits are taken in turns. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export type BackupStatus = {
  /** `off`: no scheduled backups here (`reason` says why); `idle`: scheduled, none running; `running`. */
  state: "off" | "idle" | "running";
  reason: string | null;
  dir: string | null;
  keep: number;
  intervalHours: number;
  /** The last backup that succeeded (this server's, or the newest whole one found in BACKUP_DIR at start). */
  lastSuccess: { folder: string; snapshotAt: string; finishedAt: string; durationMs: number; documents: number; blobs: number; bytes: number } | null;
  /** The last failure, if it came after the last success. */
  lastFailure: { at: string; error: string } | null;
  nextAt: string | null;
  /** Whole backups in BACKUP_DIR after the last run. */
  kept: number;
};

function initialStatus(): BackupStatus {
  return { state: "off", reason: "not started", dir: null, keep: 0, intervalHours: 0, lastSuccess: null, lastFailure: null, nextAt: null, kept: 0 };
}

let status: BackupStatus = initialStatus();

/** The scheduled backups' state, for the team (a copy: changing it changes nothing). */
export function lastBackup(): BackupStatus {
  return structuredClone(status);
}

/**
 * The operations page's "last backup" (the last success's end), where this server makes scheduled
 * backups (the embedded backend with BACKUP_DIR); elsewhere nothing, and the page leaves the row out.
 */
export function lastBackupHere(config: Pick<Config, "APP_BACKEND" | "BACKUP_DIR">): LastBackup | undefined {
  if (config.APP_BACKEND !== "embedded" || !config.BACKUP_DIR) return undefined;
  return () => Promise.resolve(status.lastSuccess ? { at: status.lastSuccess.finishedAt } : null);
}

/** The whole backups in `dir` (folders named `amarre-…` holding a manifest), newest first. */
export function listBackups(dir: string): Array<{ folder: string; manifest: BackupManifest }> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const found: Array<{ folder: string; manifest: BackupManifest }> = [];
  for (const name of names.filter((n) => n.startsWith(BACKUP_FOLDER_PREFIX)).sort().reverse()) {
    try {
      found.push({ folder: path.join(dir, name), manifest: JSON.parse(fs.readFileSync(path.join(dir, name, MANIFEST_FILE), "utf8")) as BackupManifest });
    } catch {
      // Not a whole backup (no manifest): neither counted nor removed.
    }
  }
  return found;
}

/** Removes whole backups beyond the newest `keep`, and half-written ones a stopped backup left; returns the backups kept. */
export async function pruneBackups(dir: string, keep: number, now = Date.now()): Promise<number> {
  const whole = listBackups(dir);
  for (const old of whole.slice(keep)) await fsp.rm(old.folder, { recursive: true, force: true });
  for (const name of await fsp.readdir(dir)) {
    if (!name.startsWith(`.${BACKUP_FOLDER_PREFIX}`) || !name.includes(".partial-")) continue;
    const full = path.join(dir, name);
    const stat = await fsp.stat(full).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_PARTIAL_MS) await fsp.rm(full, { recursive: true, force: true });
  }
  return Math.min(whole.length, keep);
}

/** The folder name of a backup made at `at`: names sort as their moments do. */
export function backupFolderName(at: Date): string {
  return BACKUP_FOLDER_PREFIX + at.toISOString().replace(/[:.]/g, "-");
}

function successOf(folder: string, manifest: BackupManifest): NonNullable<BackupStatus["lastSuccess"]> {
  return {
    folder,
    snapshotAt: manifest.snapshot.snapshotAt,
    finishedAt: manifest.finishedAt,
    durationMs: manifest.durationMs,
    documents: manifest.database.documents,
    blobs: manifest.blobs.files,
    bytes: manifest.database.bytes + manifest.blobs.bytes,
  };
}

/** One scheduled backup: a new folder in `dir`, then the old ones beyond `keep` removed. */
export async function runScheduledBackup(options: { dataDir: string; dir: string; keep: number; now?: Date }): Promise<{ folder: string; manifest: BackupManifest; kept: number }> {
  const folder = path.join(options.dir, backupFolderName(options.now ?? new Date()));
  const manifest = await createBackup({ dataDir: options.dataDir, target: folder });
  // Old backups go only once a new one is whole.
  const kept = await pruneBackups(options.dir, options.keep);
  return { folder, manifest, kept };
}

export type BackupSchedule = {
  /** Runs a backup now (unless one is running) and waits for it. */
  runNow(): Promise<void>;
  /** Stops the clock and waits for a running backup to end. */
  stop(): Promise<void>;
};

/**
 * Starts the scheduled backups for this server, once (a second call returns the first schedule).
 * Off, with one log line saying why, on the firebase backend or without BACKUP_DIR.
 */
export function startBackupSchedule(
  config: Pick<Config, "APP_BACKEND" | "BACKUP_DIR" | "BACKUP_KEEP" | "BACKUP_INTERVAL_HOURS" | "dataDir">,
  options: { firstRunDelayMs?: number; log?: Pick<Console, "info" | "error"> } = {},
): BackupSchedule {
  if (current) return current;
  const log = options.log ?? console;
  status = { ...initialStatus(), keep: config.BACKUP_KEEP, intervalHours: config.BACKUP_INTERVAL_HOURS };
  if (config.APP_BACKEND !== "embedded") {
    status.reason = "firebase backend: Firestore's point-in-time recovery and scheduled exports, and the bucket's versioning, keep its backups (docs/guides/deploy.md)";
    if (config.BACKUP_DIR) log.info(`[backup] BACKUP_DIR is ignored on the firebase backend: ${status.reason}.`);
    return (current = { runNow: async () => undefined, stop: async () => void (current = null) });
  }
  if (!config.BACKUP_DIR) {
    status.reason = "BACKUP_DIR is not set";
    return (current = { runNow: async () => undefined, stop: async () => void (current = null) });
  }
  const dir = path.resolve(config.BACKUP_DIR);
  const intervalMs = config.BACKUP_INTERVAL_HOURS * 3_600_000;
  const newest = listBackups(dir)[0];
  status = { ...status, state: "idle", reason: null, dir, kept: listBackups(dir).length, lastSuccess: newest ? successOf(newest.folder, newest.manifest) : null };

  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (at: number) => {
    if (stopped) return;
    status.nextAt = new Date(at).toISOString();
    const wait = Math.min(Math.max(0, at - Date.now()), LONGEST_TIMER_MS);
    timer = setTimeout(() => (Date.now() >= at ? void run() : schedule(at)), wait);
    timer.unref();
  };
  const run = (): Promise<void> => {
    if (running) return running;
    if (timer) clearTimeout(timer);
    status.state = "running";
    running = runScheduledBackup({ dataDir: config.dataDir, dir, keep: config.BACKUP_KEEP })
      .then(({ folder, manifest, kept }) => {
        status = { ...status, lastSuccess: successOf(folder, manifest), lastFailure: null, kept };
        log.info(`[backup] ${folder}: ${manifest.database.documents} documents and ${manifest.blobs.files} blob files as of ${manifest.snapshot.snapshotAt}, in ${manifest.durationMs} ms; ${kept} kept.`);
      })
      .catch((error: unknown) => {
        status = { ...status, lastFailure: { at: new Date().toISOString(), error: error instanceof Error ? error.message : String(error) } };
        log.error("[backup] the scheduled backup failed:", error);
      })
      .finally(() => {
        status.state = "idle";
        running = null;
        schedule(Date.now() + intervalMs);
      });
    return running;
  };

  const due = newest ? Date.parse(newest.manifest.snapshot.snapshotAt) + intervalMs : 0;
  schedule(Math.max(due, Date.now() + (options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS)));
  current = {
    runNow: () => run(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      status.nextAt = null;
      await running;
      status.state = "off";
      status.reason = "stopped";
      current = null;
    },
  };
  return current;
}

let current: BackupSchedule | null = null;
