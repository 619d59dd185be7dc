/**
 * A response whose body the server already holds whole (a rendered page: `entry.server.tsx`
 * renders to one buffer). Remix passes the entry's Response through to the request handler, which
 * then writes the buffer at once instead of reading it back through a web stream chunk by chunk
 * (8 % of a rendered page's CPU, issue 22). A response Remix rebuilt on the way (HEAD, an error
 * boundary) is not in the map and is streamed as any other.
 */
const bodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

export function wholeResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/** The body of a `wholeResponse` not yet read, else undefined. */
export function wholeBodyOf(response: Response): Buffer<ArrayBuffer> | undefined {
  return response.bodyUsed ? undefined : bodies.get(response);
}
