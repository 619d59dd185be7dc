import { withoutBidiControls } from "./text";

/** The extension a document of each accepted type is saved and downloaded with, and the ones it may already have. */
const EXTENSIONS: Record<string, { ext: string; also: readonly string[] }> = {
  "application/pdf": { ext: "pdf", also: [] },
  "image/jpeg": { ext: "jpg", also: ["jpeg"] },
  "image/png": { ext: "png", also: [] },
};

/**
 * A document's file name as kept and downloaded: its last path segment, without control or
 * bidirectional formatting characters (U+202E would show "poly‮lmth.jpg" as "poly.jpg…"), at
 * most 120 characters, and ending in the extension of the type its bytes were recognised as:
 * a JPEG named `poly.html` is `poly.jpg`, a PDF named `report` is `report.pdf`.
 */
export function documentFileName(name: string, contentType: string, fallback = "documento"): string {
  const known = EXTENSIONS[contentType];
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- removing control characters
  const clean = withoutBidiControls(base).replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim().replace(/[\s.]+$/, "");
  if (!known) return (clean || fallback).slice(0, 120);
  const dot = clean.lastIndexOf(".");
  const current = dot > 0 ? clean.slice(dot + 1).toLowerCase() : "";
  if (current === known.ext || known.also.includes(current)) {
    const ext = clean.slice(dot + 1);
    const stem = clean.slice(0, dot).replace(/[\s.]+$/, "");
    return `${(stem || fallback).slice(0, 120 - ext.length - 1)}.${ext}`;
  }
  // Another extension (or none) gives way to the real one; a name that was only an extension keeps the fallback.
  const stem = (dot > 0 ? clean.slice(0, dot) : dot === 0 ? "" : clean).replace(/[\s.]+$/, "");
  return `${(stem || fallback).slice(0, 120 - known.ext.length - 1)}.${known.ext}`;
}
