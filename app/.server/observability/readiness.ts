import type { DocumentStore } from "../store";

export type Readiness = { status: 200 | 503; body: { status: "ok" | "stopping" | "unavailable" } };

/**
 * `/readyz` (decision 049): 200 when the store answers a cheap read (one document that need not
 * exist) within `timeoutMs`; 503 when it fails, is slower, or the server is stopping. `/healthz`
 * stays the liveness probe: it never touches the store.
 */
export async function readiness(store: Pick<DocumentStore, "get">, options: { stopping: boolean; timeoutMs?: number }): Promise<Readiness> {
  if (options.stopping) return { status: 503, body: { status: "stopping" } };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.timeoutMs ?? 2_000);
  });
  const answered = store.get("meta", "readiness-probe").then(
    () => true,
    () => false,
  );
  const ok = await Promise.race([answered, late]);
  clearTimeout(timer);
  return ok ? { status: 200, body: { status: "ok" } } : { status: 503, body: { status: "unavailable" } };
}
