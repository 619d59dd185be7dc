/**
 * `npm run seed`: writes the demo data through the domain services on the configured
 * backend, including firebase (where it never runs by itself). Idempotent.
 */
import { loadConfig } from "#app/.server/config";
import { seedDemoData } from "#app/.server/seed";
import { createServices } from "#app/.server/services";

process.env.METADATA_SERVER_DETECTION ??= "none";
const services = await createServices(loadConfig());
try {
  const { applied } = await seedDemoData(services);
  console.info(applied.length ? `Seeded: ${applied.join(", ")}` : "Demo data already present: nothing to do.");
} finally {
  await services.close();
}
