import { format } from "node:util";
import pino, { type DestinationStream, type Logger } from "pino";
import { currentRequest, scopeFields } from "./request-scope";

/**
 * The server's one logger (decision 049): pino writing one JSON line per event to stdout,
 * asynchronously, in the shape Cloud Logging reads — `severity` instead of pino's numeric level,
 * `message`, `time` in RFC 3339 — and, during a request, its `requestId` and trace on every line.
 * Outside production lines are readable text unless LOG_FORMAT=json (`configureLogging`).
 */
export type LogFormat = "json" | "text";
export type LogLevel = "debug" | "info" | "warn" | "error";

/** pino's level names as Cloud Logging's severities. */
export const SEVERITY: Readonly<Record<string, string>> = {
  trace: "DEBUG",
  debug: "DEBUG",
  info: "INFO",
  warn: "WARNING",
  error: "ERROR",
  fatal: "CRITICAL",
};

const NO_FIELDS: Record<string, string> = {};

/** What a line may never carry, in text that came from elsewhere (a console line, an error's message). */
const SECRET_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // Email addresses: a person is named by uid, never by address.
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, "[email]"],
  // Stripe keys and webhook secrets, bearer tokens, JWTs.
  [/\b(?:sk|rk|pk)_(?:test|live)_\w+|\bwhsec_\w+/g, "[secret]"],
  [/\bBearer\s+[\w.~+/=-]+/gi, "Bearer [secret]"],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, "[token]"],
  // key=value and "key":"value" pairs whose key says secret.
  [/\b(password|passwd|secret|token|cookie|authorization|api[_-]?key)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi, "$1$2[redacted]"],
  // Card numbers: 13 to 19 digits, spaced or not.
  [/\b\d(?:[ -]?\d){12,18}\b/g, "[number]"],
];

/** `text` with emails, keys, tokens, passwords and card numbers replaced. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** An error as fields: its type and, for Error Reporting, its stack (`stack_trace`), redacted. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      errorType: error.name,
      ...(typeof code === "string" || typeof code === "number" ? { errorCode: code } : {}),
      stack_trace: redactText(error.stack ?? `${error.name}: ${error.message}`),
    };
  }
  return { errorType: typeof error, stack_trace: errorSummary(error) };
}

/**
 * The one-line form of an error, for a message: `Name: message`, redacted; a thrown response by its
 * status only (its data may hold what a person typed), anything else shallowly, 500 characters at most.
 */
export function errorSummary(error: unknown): string {
  if (error instanceof Error) return redactText(`${error.name}: ${error.message}`);
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") return `Response ${status} ${String((error as { statusText?: unknown }).statusText ?? "")}`.trim();
  return redactText(format("%s", error)).slice(0, 500);
}

/**
 * Production's stdout, written asynchronously in 4 KiB batches and at least every 250 ms: one write
 * per line cost ~60 µs of CPU per request on /healthz (a hop to libuv's thread pool each), a batch a
 * tenth of that under load. pino flushes what is left when the process exits.
 */
function batchedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
}

export function createLogger(options: { format: LogFormat; level?: LogLevel; destination?: DestinationStream }): Logger {
  const destination = options.destination ?? (options.format === "text" ? readableDestination() : batchedStdout());
  const settings: pino.LoggerOptions = {
    level: options.level ?? "info",
    base: null,
    messageKey: "message",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ severity: SEVERITY[label] ?? "DEFAULT" }) },
    // During a request, its id and trace (the request's own line carries them already).
    mixin: () => {
      const scope = currentRequest();
      return scope ? scopeFields(scope) : NO_FIELDS;
    },
    mixinMergeStrategy: (line, fields) => (fields === NO_FIELDS || "requestId" in line ? line : { ...fields, ...line }),
  };
  return pino(settings, destination);
}

/** Development's lines: `WARNING message` and the stack under it, on stderr. */
function readableDestination(): DestinationStream {
  return {
    write(line: string) {
      const entry = JSON.parse(line) as { severity?: string; message?: string; stack_trace?: string; requestId?: string };
      const head = `${entry.severity === "INFO" ? "" : `${entry.severity} `}${entry.message ?? ""}${entry.requestId ? ` (request ${entry.requestId})` : ""}`;
      process.stderr.write(entry.stack_trace ? `${head}\n${entry.stack_trace}\n` : `${head}\n`);
    },
  };
}

/** The logger in use: readable text until the server configures it (`configureLogging`). */
export let logger: Logger = createLogger({ format: "text" });
export let logFormat: LogFormat = "text";

/** Sets the server's logger from its config; in JSON, console's lines become JSON lines too. */
export function configureLogging(options: { format: LogFormat; level: LogLevel; destination?: DestinationStream }): () => void {
  logger = createLogger(options);
  logFormat = options.format;
  return options.format === "json" ? routeConsole(logger) : () => undefined;
}

/** Logs an error once: its summary after `message`, its stack in `stack_trace`, the request's id. */
export function logError(message: string, error: unknown, fields?: Record<string, unknown>): void {
  logger.error({ ...fields, ...errorFields(error) }, `${message}: ${errorSummary(error)}`);
}

const CONSOLE_LEVELS = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error", trace: "debug" } as const;

/**
 * console.* as the logger's lines (their text redacted; an Error argument's stack in
 * `stack_trace`), so that code not written for the logger writes JSON lines as well. Returns the
 * function that puts console back.
 */
export function routeConsole(target: Logger): () => void {
  const saved = new Map<string, unknown>();
  const host = console as unknown as Record<string, unknown>;
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    saved.set(method, host[method]);
    host[method] = (...args: unknown[]) => {
      if (!target.isLevelEnabled(level)) return;
      const error = args.find((arg) => arg instanceof Error);
      const text = redactText(format(...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg))));
      target[level](error ? errorFields(error) : {}, text);
    };
  }
  return () => {
    for (const [method, original] of saved) host[method] = original;
  };
}
