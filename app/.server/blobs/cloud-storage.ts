/**
 * The firebase blob store: Cloud Storage for Firebase through firebase-admin 14 (with
 * `@google-cloud/storage`). One named app per store, so several stores (as several servers, or
 * a store beside the Firestore adapter's app) coexist in one process.
 *
 * The emulator is honoured through the usual variables: `FIREBASE_STORAGE_EMULATOR_HOST`
 * ("127.0.0.1:9199", which firebase-admin turns into `STORAGE_EMULATOR_HOST`) or
 * `STORAGE_EMULATOR_HOST` ("http://127.0.0.1:9199"), read when the store is created.
 *
 * Objects are written in one request (`resumable: false`: blobs here are at most a few MB) with
 * their content type and cache control as object metadata; `get` reads the metadata, then the
 * bytes of that same generation, so the two always belong together.
 */
import { randomBytes } from "node:crypto";
import { cert, deleteApp, initializeApp, type App, type ServiceAccount } from "firebase-admin/app";
import { getStorage, type Storage } from "firebase-admin/storage";
import {
  BlobError,
  validateBlobKey,
  validateBlobPrefix,
  validateBytes,
  validatePutOptions,
  type BlobStore,
  type PutOptions,
  type StoredBlob,
} from "./index";

type Bucket = ReturnType<Storage["bucket"]>;

export interface CloudStorageBlobStoreOptions {
  projectId: string;
  /** The bucket name, for example `amarre-prod.firebasestorage.app`. */
  bucket: string;
  /** Service-account key JSON; without it, Application Default Credentials or the emulator. */
  serviceAccountJson?: string;
}

/** How many deletes `deletePrefix` runs at once. */
const DELETE_CONCURRENCY = 16;

function statusOf(error: unknown): number | string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const record = error as { code?: unknown; status?: unknown; response?: { status?: unknown } };
  if (typeof record.code === "number" || typeof record.code === "string") return record.code;
  if (typeof record.status === "number") return record.status;
  if (typeof record.response?.status === "number") return record.response.status;
  return undefined;
}

function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}

/** Maps a Cloud Storage (HTTP status) or network error to a BlobError. */
export function toBlobError(error: unknown, action: string): BlobError {
  if (error instanceof BlobError) return error;
  const status = statusOf(error);
  const message = `${action}: ${error instanceof Error ? error.message : String(error)}`;
  const make = (code: BlobError["code"]) => new BlobError(code, message, { cause: error });
  if (typeof status === "number") {
    if (status === 400 || status === 411) return make("invalid-argument");
    // Reads turn a 404 into "no blob"; anywhere else it means the bucket is missing.
    if (status === 404) return make("failed-precondition");
    if (status === 413) return make("resource-exhausted");
    if (status === 401 || status === 403) return make("permission-denied");
    if (status === 408 || status === 504) return make("deadline-exceeded");
    if (status === 409 || status === 412) return make("failed-precondition");
    if (status === 429) return make("resource-exhausted");
    if (status >= 500) return make("unavailable");
    return make("internal");
  }
  switch (status) {
    case "ETIMEDOUT":
    case "ESOCKETTIMEDOUT":
      return make("deadline-exceeded");
    case "ECONNREFUSED":
    case "ECONNRESET":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EPIPE":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return make("unavailable");
    default:
      return make("internal");
  }
}

function parseServiceAccount(json: string): ServiceAccount {
  try {
    const parsed = JSON.parse(json) as { project_id?: string; client_email?: string; private_key?: string };
    return { projectId: parsed.project_id, clientEmail: parsed.client_email, privateKey: parsed.private_key };
  } catch (error) {
    throw new BlobError("invalid-argument", "The service account is not valid JSON", { cause: error });
  }
}

function asUint8Array(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Runs `work` over `items`, at most `limit` at a time; the first failure is thrown at the end. */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
}

export class CloudStorageBlobStore implements BlobStore {
  readonly backend = "firebase" as const;
  readonly bucketName: string;
  private readonly app: App;
  private readonly bucket: Bucket;
  private closed = false;

  constructor(options: CloudStorageBlobStoreOptions) {
    if (!options.bucket) throw new BlobError("invalid-argument", "The Cloud Storage blob store needs a bucket name");
    this.bucketName = options.bucket;
    this.app = initializeApp(
      {
        projectId: options.projectId,
        storageBucket: options.bucket,
        ...(options.serviceAccountJson ? { credential: cert(parseServiceAccount(options.serviceAccountJson)) } : {}),
      },
      `amarre-blobs-${randomBytes(6).toString("hex")}`,
    );
    this.bucket = getStorage(this.app).bucket();
  }

  private assertOpen(): void {
    if (this.closed) throw new BlobError("unavailable", "The blob store is closed");
  }

  async put(key: string, bytes: Uint8Array, options: PutOptions): Promise<void> {
    this.assertOpen();
    validateBlobKey(key);
    validateBytes(bytes);
    const { contentType, cacheControl } = validatePutOptions(options);
    // A copy: the caller may reuse its buffer once put() returns, and the upload must not see that.
    const data = Buffer.from(bytes);
    try {
      await this.bucket.file(key).save(data, {
        resumable: false,
        contentType,
        metadata: { contentType, ...(cacheControl === undefined ? {} : { cacheControl }) },
      });
    } catch (error) {
      throw toBlobError(error, `Cannot write blob "${key}"`);
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    this.assertOpen();
    validateBlobKey(key);
    try {
      const [metadata] = await this.bucket.file(key).getMetadata();
      const generation = metadata.generation === undefined ? undefined : String(metadata.generation);
      const [contents] = await this.bucket.file(key, generation ? { generation } : {}).download();
      const blob: StoredBlob = {
        bytes: asUint8Array(contents),
        contentType: metadata.contentType ?? "application/octet-stream",
      };
      if (metadata.cacheControl) blob.cacheControl = metadata.cacheControl;
      return blob;
    } catch (error) {
      // Missing, or deleted between the two reads.
      if (isNotFound(error)) return null;
      throw toBlobError(error, `Cannot read blob "${key}"`);
    }
  }

  async exists(key: string): Promise<boolean> {
    this.assertOpen();
    validateBlobKey(key);
    try {
      const [exists] = await this.bucket.file(key).exists();
      return exists;
    } catch (error) {
      throw toBlobError(error, `Cannot check blob "${key}"`);
    }
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    validateBlobKey(key);
    try {
      await this.bucket.file(key).delete({ ignoreNotFound: true });
    } catch (error) {
      throw toBlobError(error, `Cannot delete blob "${key}"`);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    this.assertOpen();
    const folder = `${validateBlobPrefix(prefix)}/`;
    try {
      const [files] = await this.bucket.getFiles({ prefix: folder, autoPaginate: true });
      await forEachLimited(files, DELETE_CONCURRENCY, async (file) => {
        await file.delete({ ignoreNotFound: true });
      });
    } catch (error) {
      throw toBlobError(error, `Cannot delete the blobs under "${prefix}"`);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await deleteApp(this.app);
  }
}
