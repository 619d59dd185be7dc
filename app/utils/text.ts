/* eslint-disable no-control-regex -- this module is about control characters */
/**
 * Text cleaning shared by forms (browser) and the domain (server), and the escapes of the text
 * formats the app writes by hand (iCalendar, XML).
 */

/** C0 and C1 control characters and DEL, the line breaks among them included. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Line and paragraph breaks: CR LF, CR, LF, NEL, U+2028, U+2029, vertical tab, form feed. */
const LINE_BREAKS = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;

/**
 * Control characters no person types on purpose: C0 but tab, LF and CR, DEL, and C1. A NUL from
 * `%00` in a form body, an escape or a bell would be stored as typed and carried into pages,
 * emails, PDFs and exports; texts people write refuse them (`hasControlCharacters`).
 */
const UNTYPED_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether a text holds a control character other than tab, LF and CR (`withoutControlCharacters` in `free-text.ts` refuses it on a form). */
export function hasControlCharacters(value: string): boolean {
  return UNTYPED_CONTROLS.test(value);
}

/**
 * A one-line text (a listing's title, a post's title) as saved: line breaks and tabs become a
 * space, other control characters are removed. Nothing a person typed on purpose is lost.
 */
export function singleLine(value: string): string {
  return value.replace(LINE_BREAKS, " ").replace(/\t/g, " ").replace(CONTROLS, "");
}

/** Bidirectional formatting characters (embeddings, overrides, isolates, marks): they make "exe.jpg" read as "gpj.exe". */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}

/**
 * A TEXT value of iCalendar (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, a line
 * break written as `\n`, and the control characters the grammar has no room for (everything
 * below U+0020 but the tab, and DEL) removed, so no text can start a property or a component
 * of its own.
 */
export function icalText(value: string): string {
  return value
    .replace(LINE_BREAKS, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/[\\;,\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`));
}

/**
 * Characters XML 1.0 does not allow in a document (§2.2 Char): controls other than tab, LF and
 * CR, lone surrogates, U+FFFE and U+FFFF. One of them makes a feed fail to parse.
 */
const NOT_XML_CHARS = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function xmlChars(value: string): string {
  return value.replace(NOT_XML_CHARS, "");
}

/** Text for an XML element or attribute: characters XML forbids removed, markup escaped. */
export function xmlText(value: string): string {
  return xmlChars(value).replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}
