import { z } from "zod";
import type { DocumentStore } from "../store";

/** A port or marina where boats are based and docks are offered. */
export const portInputSchema = z.object({
  slug: z
    .string()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().trim().min(2).max(80),
  city: z.string().trim().min(2).max(80),
  region: z.string().trim().min(2).max(80),
  country: z.string().length(2).default("ES"),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

export type PortInput = z.input<typeof portInputSchema>;
export type Port = z.output<typeof portInputSchema> & { createdAt: string; updatedAt: string };

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
