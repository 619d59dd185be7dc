import type { BlobStore } from "./index";

export type CreateBlobStoreOptions =
  | {
      backend: "embedded";
      /** The data directory; blobs go to `<dataDir>/blobs/` (created if missing). */
      dataDir: string;
    }
  | {
      backend: "firebase";
      projectId: string;
      /** The Cloud Storage bucket, e.g. FIREBASE_STORAGE_BUCKET or `<projectId>.firebasestorage.app`. */
      bucket: string;
      /** Service-account key JSON; without it, Application Default Credentials or the emulator. */
      serviceAccountJson?: string;
    };

/**
 * Opens the blob store for the configured backend. Each adapter is loaded only when chosen, so
 * the embedded backend never loads the Cloud Storage client.
 */
export async function createBlobStore(options: CreateBlobStoreOptions): Promise<BlobStore> {
  if (options.backend === "embedded") {
    const { DiskBlobStore } = await import("./disk");
    return new DiskBlobStore({ dataDir: options.dataDir });
  }
  const { CloudStorageBlobStore } = await import("./cloud-storage");
  return new CloudStorageBlobStore({
    projectId: options.projectId,
    bucket: options.bucket,
    serviceAccountJson: options.serviceAccountJson,
  });
}
