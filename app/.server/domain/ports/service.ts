import type { DocumentStore } from "#app/.server/store";
import { portInputSchema, type Port, type PortInput } from "./model";

const COLLECTION = "ports";

export function createPortsService(store: DocumentStore) {
  return {
    /** Creates the port, or updates it when one with the same slug exists. */
    async save(input: PortInput): Promise<Port> {
      const port = portInputSchema.parse(input);
      const now = new Date().toISOString();
      return store.runTransaction(async (tx) => {
        const existing = await tx.get<Port>(COLLECTION, port.slug);
        const saved: Port = { ...port, createdAt: existing?.createdAt ?? now, updatedAt: now };
        tx.set(COLLECTION, port.slug, saved);
        return saved;
      });
    },

    async get(slug: string): Promise<Port | null> {
      const doc = await store.get<Port>(COLLECTION, slug);
      if (!doc) return null;
      const { id: _id, ...port } = doc;
      return port;
    },

    /** All ports, by name. */
    async list(): Promise<Port[]> {
      const docs = await store.query<Port>({ collection: COLLECTION, orderBy: [["name", "asc"]] });
      return docs.map(({ id: _id, ...port }) => port);
    },
  };
}

export type PortsService = ReturnType<typeof createPortsService>;
