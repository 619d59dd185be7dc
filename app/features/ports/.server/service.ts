import type { DocumentStore } from "#app/.server/store";
import { portInputSchema, type Port, type PortInput } from "./model";

const COLLECTION = "ports";

/**
 * How long a server keeps the list of ports before it reads it again. Ports change only with a
 * release's seed (`save`, which forgets the list at once on the server that saves); nearly every
 * page lists them (search filters, cards' places, the home page), so without this every page
 * read every port: 13 reads a page, 26 on a boat page (decision record 055). Another server sees
 * a new port within this time.
 */
export const PORTS_LIST_TTL_MS = 5 * 60_000;

export function createPortsService(store: DocumentStore, { now = Date.now }: { now?: () => number } = {}) {
  // The list as last read (in flight or done), shared by the requests of this server.
  let listed: { at: number; ports: Promise<readonly Port[]> } | null = null;
  const readList = () => {
    const ports = store.query<Port>({ collection: COLLECTION, orderBy: [["name", "asc"]] }).then((docs) => docs.map(({ id: _id, ...port }) => Object.freeze(port)));
    const entry = { at: now(), ports };
    listed = entry;
    // A failed read is not kept: the next call reads again.
    ports.catch(() => {
      if (listed === entry) listed = null;
    });
    return ports;
  };
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
      }).finally(() => {
        listed = null;
      });
    },

    async get(slug: string): Promise<Port | null> {
      const doc = await store.get<Port>(COLLECTION, slug);
      if (!doc) return null;
      const { id: _id, ...port } = doc;
      return port;
    },

    /** All ports, by name (read at most once per PORTS_LIST_TTL_MS on this server; each port frozen, the list a copy). */
    async list(): Promise<Port[]> {
      const ports = listed && now() - listed.at < PORTS_LIST_TTL_MS ? listed.ports : readList();
      return [...(await ports)];
    },
  };
}

export type PortsService = ReturnType<typeof createPortsService>;
