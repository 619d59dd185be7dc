/**
 * The handover feature's door for other features' server code: what their loaders and actions take
 * from its pages' server parts (server only; its services are behind `.server/index.ts`).
 */
export { HANDOVER_INTENTS, handoverAction, handoverPanel, recordView } from "./routes/handover.server";
