import { randomBytes } from "node:crypto";
import { once, setMaxListeners } from "node:events";
import fs from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import type { ViteDevServer } from "vite";
import type { Config } from "#app/.server/config";
import type { ServerApp } from "#app/.server/server-app";

/**
 * The one server, for development (Vite middleware) and production (the built app):
 * security headers with a per-request CSP nonce, compression that never buffers event
 * streams, long-cached hashed assets, /healthz, and a graceful shutdown.
 *
 * It imports no app code: config, services and the request handler come from the server
 * build's entry module (`serverApp`), the same copy of `app/.server` the routes run, so errors
 * are recognised with `instanceof` and module state exists once. In development the services
 * are made once from Vite's first load: after editing a service, restart.
 */
const app = express();
// Request shapes that would reach no route sanely (odd methods, absolute-form targets) are
// answered or repaired before Express and Remix read them (`gateRequest`).
// The server exists before the build is loaded (Vite's HMR attaches to it); it gets its request
// listener from the build (`serveRequests`: how a body left unread is answered, decision 021).
const httpServer = createServer();
// Every request is served in its scope: its id back as X-Request-Id, one log line and its metrics
// when it ends (decision 049).
function routeRequest(req: IncomingMessage, res: ServerResponse) {
  if (config.STORE_COUNTING) return countedRequest(req, res);
  serveRequest(req, res);
}
function serveRequest(req: IncomingMessage, res: ServerResponse) {
  serverApp.observeRequest(req, res, config.traceProject, () => {
    const decision = serverApp.gateRequest(req.method ?? "GET", req.url ?? "/");
    if (decision.kind === "refuse") {
      serverApp.noteRoute("refused");
      res.writeHead(decision.status, { ...decision.headers, "Cache-Control": "no-store" }).end(decision.body);
      return;
    }
    req.url = decision.url;
    app(req, res);
  });
}
// Tests and the bench only (STORE_COUNTING): the answer's `X-Store-Use` header says what the
// request asked of the document store until its headers went (a document is rendered whole first).
function countedRequest(req: IncomingMessage, res: ServerResponse) {
  const counts = serverApp.emptyCounts();
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!res.headersSent) res.setHeader("X-Store-Use", serverApp.formatCounts(counts));
    return writeHead.apply(this, args);
  } as typeof writeHead;
  serverApp.countStoreUse(counts, () => serveRequest(req, res));
}
// An idle keep-alive socket is kept longer than the clients and proxies in front keep theirs
// (Node's 5 s default loses the race with a client that reuses the socket as the server closes it:
// the client meets ECONNRESET); headers must arrive within a second more than that.
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;
// CONNECT never reaches the request handler: refuse it instead of dropping the connection.
httpServer.on("connect", (_req, socket) => {
  socket.end("HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
});

let build: ServerBuild | (() => Promise<ServerBuild>);
let vite: ViteDevServer | undefined;
// The same test as config.isProduction, made before the config can be read (from the build).
if (process.env.NODE_ENV === "production") {
  build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
} else {
  const dev = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } }),
  );
  vite = dev;
  build = () => dev.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
}
const { serverApp } = (typeof build === "function" ? await build() : build).entry.module as unknown as { serverApp: ServerApp };
const { loadConfig, ConfigError, createServices, seedDemoData, createCachedRequestHandler, demoAccounts, DEMO_PASSWORD, foreignOriginRefusal, decodableTarget } = serverApp;
serverApp.serveRequests(httpServer, routeRequest);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// JSON lines in production (console's too), readable text elsewhere unless LOG_FORMAT says otherwise.
serverApp.configureLogging({ format: config.logFormat, level: config.LOG_LEVEL });
const log = serverApp.log();
// Node's own warnings (deprecations, too many listeners) as lines of the log, not plain stderr.
if (config.logFormat === "json") {
  process.removeAllListeners("warning");
  process.on("warning", (warning) => log.warn({ warningType: warning.name }, `${warning.name}: ${warning.message}`));
}
// A promise nobody waited for is logged once with its stack (the server keeps serving); an
// exception nothing caught is logged, then the process ends as Node's would (exit code 1).
process.on("unhandledRejection", (reason) => serverApp.logError("Unhandled rejection", reason));
process.on("uncaughtException", (error) => {
  serverApp.logError("Uncaught exception", error);
  process.exit(1);
});
serverApp.collectProcessMetrics();

const services = await createServices(config);
if (config.seedDemoData) {
  const { applied } = await seedDemoData(services);
  if (applied.length > 0) log.info(`Seeded demo data: ${applied.join(", ")}`);
}
// Request expiries and trip completions, every minute on every server (reads apply them too).
services.startBackgroundWork();
// A whole backup of DATA_DIR every day when BACKUP_DIR is set (embedded backend; decision 050).
serverApp.startBackupSchedule(config);
const shutdown = new AbortController();
// Every open event stream listens for the shutdown: thousands of listeners are expected.
setMaxListeners(0, shutdown.signal);

app.disable("x-powered-by");
if (config.TRUST_PROXY) app.set("trust proxy", true);

app.get("/healthz", (_req, res) => {
  serverApp.noteRoute("healthz");
  res.set("Cache-Control", "no-store").json({ status: shutdown.signal.aborted ? "stopping" : "ok" });
});
// Readiness: the store answers a cheap read within 2 s (503 otherwise, and while stopping).
app.get("/readyz", (_req, res, next) => {
  serverApp.noteRoute("readyz");
  serverApp
    .readiness(services.store, { stopping: shutdown.signal.aborted })
    .then(({ status, body }) => void res.status(status).set("Cache-Control", "no-store").json(body), next);
});
// Prometheus's text format; with METRICS_TOKEN set, for its bearer only. Never cached.
app.get("/metrics", (req, res, next) => {
  serverApp.noteRoute("metrics");
  serverApp
    .metricsAnswer(req.get("Authorization"), config.METRICS_TOKEN)
    .then(({ status, headers, body }) => void res.status(status).set(headers).send(body), next);
});

app.use(
  compression({
    filter(req, res) {
      const type = res.getHeader("Content-Type");
      if (typeof type === "string" && type.startsWith("text/event-stream")) return false;
      return compression.filter(req, res);
    },
  }),
);

// Each request's CSP nonce: 16 bytes of a pool drawn from the CSPRNG 4 KiB at a time (one
// `randomBytes` call per request cost 1–2 % of a page's CPU); no bytes are ever used twice.
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function nextNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}
app.use((_req, res, next) => {
  res.locals.cspNonce = nextNonce();
  next();
});

const firebaseOrigins =
  config.APP_BACKEND === "firebase"
    ? [
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
        "https://www.googleapis.com",
        "https://firebasestorage.googleapis.com",
        ...(config.FIREBASE_AUTH_DOMAIN ? [`https://${config.FIREBASE_AUTH_DOMAIN}`] : []),
      ]
    : [];
const isDev = !config.isProduction;
const stripeFormOrigins =
  config.PAYMENTS_PROVIDER === "stripe"
    ? ["https://checkout.stripe.com", "https://connect.stripe.com", ...(config.STRIPE_API_BASE ? [new URL(config.STRIPE_API_BASE).origin] : [])]
    : [];
// Images come from this origin (photos, profile photos: uploads stored here) and the map's tile
// server; `{s}`-style placeholders in its host become a wildcard label.
const mapTileOrigin = /^https?:\/\/[^/]+/.exec(config.MAP_TILE_URL)?.[0].replace(/\{[^}]*\}/g, "*");

app.use(
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "connect-src": ["'self'", ...(isDev ? ["ws:"] : []), ...firebaseOrigins],
        "font-src": ["'self'", "data:"],
        // With Stripe, a form may answer with a redirect to Stripe's pages (Checkout, Connect onboarding and
        // dashboard; decision 052), which the browser checks against form-action too; tests: the local fake's origin.
        "form-action": ["'self'", ...stripeFormOrigins],
        "frame-ancestors": ["'none'"],
        "frame-src": config.FIREBASE_AUTH_DOMAIN ? [`https://${config.FIREBASE_AUTH_DOMAIN}`] : ["'none'"],
        "img-src": ["'self'", "data:", "blob:", ...(mapTileOrigin ? [mapTileOrigin] : [])],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
          ...(config.APP_BACKEND === "firebase" ? ["https://apis.google.com"] : []),
        ],
        "script-src-attr": ["'none'"],
        // Vite injects styles inline while developing; the build links its CSS.
        "style-src": ["'self'", ...(isDev ? ["'unsafe-inline'"] : [])],
        "worker-src": ["'self'", "blob:"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  }),
);

// A path that cannot be decoded is asked for literally (its `%` escaped): the same 404 page (a
// public file's name too), without React Router's four log lines per request
// (app/.server/http/undecodable-path.ts).
app.use((req, _res, next) => {
  const target = decodableTarget(req.url);
  if (target !== req.url) req.url = req.originalUrl = target;
  next();
});

if (vite) {
  app.use(vite.middlewares);
} else {
  const clientDir = path.resolve("build/client");
  // Hashed file names never change: cache them for a year.
  const assetsDir = path.join(clientDir, "assets");
  app.use("/assets", precompressedAssets(assetsDir), express.static(assetsDir, { immutable: true, maxAge: "1y" }));
  const publicFiles = express.static(clientDir, { maxAge: "1h" });
  // Only paths with a file extension can be public files: pages skip the file-system lookup.
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

// A state-changing request from another site gets a translated 403 (Remix's own check would answer 500).
app.use((req, res, next) => {
  const refusal = foreignOriginRefusal({
    method: req.method,
    path: req.originalUrl,
    host: (config.TRUST_PROXY && req.get("X-Forwarded-Host")?.split(",")[0]?.trim()) || req.get("Host"),
    origin: req.get("Origin"),
    referer: req.get("Referer"),
    accept: req.get("Accept"),
    publicUrl: config.PUBLIC_URL,
  });
  if (!refusal) return next();
  res.status(refusal.status).set({ "Content-Type": refusal.contentType, "Cache-Control": "no-store" }).send(refusal.body);
});

// `app.use`, not `app.all("*")`: Express decodes a route's `*` as a parameter and answered a
// path it could not decode (`/%`, a broken UTF-8 escape) with its own English "Bad Request" page
// and a stack trace in the log. Remix takes the address as it came and shows its translated 404.
app.use(
  createCachedRequestHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({
      services,
      cspNonce: res.locals.cspNonce as string,
      shutdownSignal: shutdown.signal,
      clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
    }),
    cache: services.pageCache,
    recordVisitorView: (request, listingId) => services.history.record(null, listingId, request),
  }),
);

// An error that reached Express (not Remix's own, which entry.server's handleError logs): logged
// once with the request's id, answered with a plain 500 that gives the id as its reference.
app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  serverApp.logError("A request failed outside Remix", error);
  if (res.headersSent) return next(error);
  const reference = serverApp.currentRequest()?.requestId ?? "";
  res.status(500).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).send(`Internal Server Error\nReference: ${reference}\n`);
});

httpServer.listen(config.PORT, config.HOST);
await once(httpServer, "listening");
// Stopping is set up before the server says it is running: a supervisor that sends SIGTERM as soon
// as it reads that line gets a clean close, not Node's default of dying mid-write.
let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`${signal} received: closing the server`);
  shutdown.abort();
  httpServer.close();
  httpServer.closeIdleConnections();
  const force = setTimeout(() => httpServer.closeAllConnections(), 5_000);
  force.unref();
  await once(httpServer, "close").catch(() => undefined);
  await vite?.close();
  await services.close();
  log.info("Server closed");
  process.exit(0);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));
const address = httpServer.address();
const port = typeof address === "object" && address ? address.port : config.PORT;
const host = config.HOST === "127.0.0.1" || config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
const running = `Amarre is running at http://${host}:${port} (${config.isProduction ? "production" : "development"}, ${config.APP_BACKEND} backend${config.APP_BACKEND === "embedded" ? `, data in ${config.dataDir}` : ""})`;
// In JSON lines, one line, without the demo accounts: their addresses and password stay out of the
// log (decision 049); readable text lists them.
if (config.logFormat === "json") log.info(running);
else console.info(
  [
    running,
    `  Spanish: http://${host}:${port}/   English: /en   Français: /fr   Deutsch: /de`,
    ...(config.seedDemoData
      ? [
          `  Demo accounts (password "${DEMO_PASSWORD}"):`,
          ...demoAccounts.map((a) => `    ${a.email.padEnd(22)} ${a.role === "admin" ? "admin" : a.kind === "professional" ? "professional" : "person"} · ${a.displayName}`),
        ]
      : []),
  ].join("\n"),
);


/**
 * Scripts and styles as the build compressed them (scripts/precompress-assets.js: Brotli and
 * gzip at their best levels): the request is pointed at `<file>.br` or `<file>.gz` when the
 * browser accepts it, and express.static sends that file as it is (compression leaves a
 * response that already has a Content-Encoding alone).
 */
function precompressedAssets(dir: string): express.RequestHandler {
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const types: Record<string, string> = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = /^\/([\w.-]+\.(js|css))$/.exec(req.path);
    if (!name) return next();
    res.vary("Accept-Encoding");
    // Brotli whenever it is accepted (negotiation alone picks whichever the browser lists first).
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null;
    if (!suffix || !files.has(name[1] + suffix)) return next();
    res.setHeader("Content-Encoding", encoding!);
    res.setHeader("Content-Type", types[name[2]]);
    req.url = `/${name[1]}${suffix}`;
    next();
  };
}
