import type { Config } from "./config";
import { createPortsService, type PortsService } from "./domain/ports";
import { seedDemoData } from "./seed";
import type { DocumentStore } from "./store";
import { createStore } from "./store/create-store";

/** Everything a loader or action may call, built once per server and handed to Remix as load context. */
export type Services = {
  config: Config;
  store: DocumentStore;
  ports: PortsService;
  close(): Promise<void>;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: Services;
    /** The per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** Aborted when the server shuts down: long-lived responses (event streams) end on it. */
    shutdownSignal: AbortSignal;
  }
}

export function servicesFromStore(config: Config, store: DocumentStore): Services {
  return {
    config,
    store,
    ports: createPortsService(store),
    close: () => store.close(),
  };
}

export async function createServices(config: Config): Promise<Services> {
  const store = await createStore(
    config.APP_BACKEND === "embedded"
      ? { backend: "embedded", dataDir: config.dataDir }
      : {
          backend: "firebase",
          projectId: config.FIREBASE_PROJECT_ID!,
          serviceAccountJson: config.FIREBASE_SERVICE_ACCOUNT || undefined,
        },
  );
  const services = servicesFromStore(config, store);
  if (config.seedDemoData) {
    const { applied } = await seedDemoData(services);
    if (applied.length > 0) console.info(`Seeded demo data: ${applied.join(", ")}`);
  }
  return services;
}
