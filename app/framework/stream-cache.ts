import { type EntryContext } from "@remix-run/node";

/**
 * Remix's internal stream cache, filled before the render (see stream-cache.md, decision 038).
 *
 * Remix writes the loader data into the document as a turbo-stream that `StreamTransfer` reads
 * chunk by chunk inside a Suspense boundary; `renderToString` does not wait for a boundary that
 * suspends. Reading the whole stream first and filing each chunk where `StreamTransfer` looks for
 * it (`renderMeta.streamCache`, by chunk number, decoded as it decodes them) lets the render find
 * every chunk ready and write the same scripts without suspending, so the document can be
 * rendered to one string instead of through React's stream renderer.
 */

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/** React's marker of a Suspense boundary it left for the browser to render (`<!--$!-->`). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * Whether `renderToString` left a boundary to the browser (one that still suspended, or a data
 * stream that failed: its chunk holds the error). Such a page is rendered again by the stream
 * renderer, which waits for it, or logs the failure and answers 500.
 */
export function leftToTheBrowser(html: string): boolean {
  return html.includes(CLIENT_RENDERED_BOUNDARY);
}

/** An empty, closed stream: what is left of the loader data's stream once it is read. */
export function drained() {
  return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
}

/**
 * Reads the whole turbo-stream of the loader data into `renderMeta.streamCache`. Remix ends the
 * stream after its `streamTimeout` unless the client has gone; `timeoutMs` later this stops
 * waiting, as the stream renderer's abort did (the read ends as the stream's end).
 */
export async function fillStreamCache(context: EntryContext, timeoutMs: number): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta || context.renderMeta.streamCache) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  const timeout = setTimeout(() => void reader.cancel().catch(() => undefined), timeoutMs);
  for (let id = 0; ; id++) {
    const entry: StreamCache[number] = Promise.resolve();
    cache[id] = entry;
    try {
      const { done, value } = await reader.read();
      entry.result = { done, value: decoder.decode(value, { stream: true }) };
      if (done) break;
    } catch (failure) {
      entry.error = failure;
      break;
    }
  }
  clearTimeout(timeout);
  reader.releaseLock();
  context.renderMeta.streamCache = cache;
  // Each render of `RemixServer` takes a reader of it; it never reads one, every chunk being known.
  context.serverHandoffStream = drained();
}
