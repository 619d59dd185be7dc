import { createRequire } from "node:module";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * React 18.3's streaming renderer copies text into 2 KiB views. When a multi-byte character did
 * not fit at the end of a view it sent the whole view, unused tail included: a NUL byte (or a few)
 * at an offset ≡ 2047 (mod 2048) and a page that is not valid UTF-8 for validators and crawlers.
 * `app/framework/patches/react-dom+18.3.1.patch` sends only the bytes written; these renders straddle the view
 * boundary at every byte position with two-, three- and four-byte characters, in both builds the
 * server may load (production in the built server, development under vitest and `npm run dev`).
 */
const require = createRequire(import.meta.url);
type Renderer = { renderToPipeableStream: (node: ReactNode, options: object) => { pipe: (destination: NodeJS.WritableStream) => void } };
const reactDom = path.dirname(require.resolve("react-dom/server.node"));
const builds: Record<string, Renderer> = {
  production: require(path.join(reactDom, "cjs/react-dom-server.node.production.min.js")) as Renderer,
  development: require(path.join(reactDom, "cjs/react-dom-server.node.development.js")) as Renderer,
};

async function renderBytes(renderer: Renderer, node: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => chunks.push(chunk));
    sink.on("end", () => resolve(Buffer.concat(chunks)));
    sink.on("error", reject);
    const { pipe } = renderer.renderToPipeableStream(node, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** Byte offsets of NUL bytes, and whether the whole body decodes as UTF-8. */
function inspect(bytes: Buffer): { nulAt: number[]; validUtf8: boolean } {
  const nulAt: number[] = [];
  for (let i = bytes.indexOf(0); i !== -1; i = bytes.indexOf(0, i + 1)) nulAt.push(i);
  let validUtf8 = true;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    validUtf8 = false;
  }
  return { nulAt, validUtf8 };
}

/** Short text nodes (each under 2048/3 characters, the path that fills the view) padded so a multi-byte character lands on every position near a view's end. */
function page(pad: number, char: string): ReactNode {
  const texts: ReactNode[] = [];
  for (let i = 0; i < 150; i++) texts.push(createElement("p", { key: i }, `${"a".repeat(pad + i)}${char}título ${char.repeat(5)}`));
  return createElement("main", null, texts);
}

describe.each(Object.entries(builds))("renderToPipeableStream (%s build) writes valid UTF-8", (_name, renderer) => {
  it.each([
    ["é (2 bytes)", "é"],
    ["€ (3 bytes)", "€"],
    ["🚤 (4 bytes)", "🚤"],
  ])("multi-byte characters across 2048-byte boundaries: %s", async (_label, char) => {
    const found: string[] = [];
    for (let pad = 0; pad < 12; pad++) {
      const bytes = await renderBytes(renderer, page(pad, char));
      expect(bytes.length).toBeGreaterThan(4 * 2048);
      const { nulAt, validUtf8 } = inspect(bytes);
      // Nothing dropped either: every paragraph's text reads back whole.
      const whole = bytes.toString("utf8").split(`${char}título ${char.repeat(5)}`).length - 1;
      if (nulAt.length > 0 || !validUtf8 || whole !== 150) {
        found.push(`pad ${pad}: NUL at ${nulAt.join(", ") || "none"}, valid UTF-8 ${validUtf8}, ${whole} of 150 texts whole`);
      }
    }
    expect(found).toEqual([]);
  });
});
