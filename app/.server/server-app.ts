import { startBackupSchedule } from "./backup/schedule";
import { ConfigError, loadConfig } from "./config";
import { foreignOriginRefusal } from "./http/origin";
import { gateRequest } from "./http/request-gate";
import { decodableTarget } from "./http/undecodable-path";
import { serveRequests } from "./http/unread-body";
import { createCachedRequestHandler } from "./page-cache-handler";
import { seedDemoData } from "./seed";
import { demoAccounts, DEMO_PASSWORD } from "./seed/accounts";
import { configureLogging, logError, logger } from "./observability/logger";
import { collectProcessMetrics, metricsAnswer } from "./observability/metrics";
import { readiness } from "./observability/readiness";
import { observeRequest } from "./observability/request-log";
import { currentRequest, noteRoute } from "./observability/request-scope";
import { createServices } from "./services";
import { countStoreUse, emptyCounts, formatCounts } from "./store/counting";

/**
 * What `server.ts` takes from the server build (`build.entry.module.serverApp`, re-exported by
 * `app/entry.server.tsx`) instead of importing `app/.server` itself: the server and the routes
 * share one copy of this code, so an error thrown by a service is `instanceof` the class a route
 * checks, and module state (caches, limits) exists once.
 */
export const serverApp = {
  loadConfig,
  ConfigError,
  createServices,
  startBackupSchedule,
  seedDemoData,
  createCachedRequestHandler,
  gateRequest,
  serveRequests,
  foreignOriginRefusal,
  decodableTarget,
  demoAccounts,
  DEMO_PASSWORD,
  // Logs and metrics (decision 049).
  configureLogging,
  /** The logger in use (configureLogging replaces it): read it when logging, not once. */
  log: () => logger,
  logError,
  observeRequest,
  noteRoute,
  currentRequest,
  collectProcessMetrics,
  metricsAnswer,
  readiness,
  // Tests and the bench (STORE_COUNTING): what each request asked of the store, as a header.
  countStoreUse,
  emptyCounts,
  formatCounts,
};

export type ServerApp = typeof serverApp;
