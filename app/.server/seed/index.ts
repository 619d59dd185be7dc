import type { Services } from "../services";
import { demoPorts } from "./ports";

/**
 * Demo data for a realistic marketplace, written through the domain services (never raw
 * inserts) so it stays valid as the rules change. Each step runs once: the ids of the steps
 * already applied are kept in the store, so a restart (or a second `npm run seed`) adds only
 * what is new. Later features append their steps here.
 */
export type SeedStep = { id: string; run(services: Services): Promise<void> };

export const seedSteps: SeedStep[] = [
  {
    id: "ports-v1",
    async run({ ports }) {
      for (const port of demoPorts) await ports.save(port);
    },
  },
];

const SEED_COLLECTION = "meta";
const SEED_DOC = "seed";

type SeedRecord = { applied: string[]; updatedAt: string };

export async function seedDemoData(
  services: Services,
  steps: SeedStep[] = seedSteps,
): Promise<{ applied: string[] }> {
  const record = await services.store.get<SeedRecord>(SEED_COLLECTION, SEED_DOC);
  const done = new Set(record?.applied ?? []);
  const applied: string[] = [];
  for (const step of steps) {
    if (done.has(step.id)) continue;
    await step.run(services);
    done.add(step.id);
    applied.push(step.id);
    await services.store.set(SEED_COLLECTION, SEED_DOC, {
      applied: [...done],
      updatedAt: new Date().toISOString(),
    });
  }
  return { applied };
}
