import type { MessagePart } from "#app/features/chats/chats";
import { emailAndHandleSpans } from "./mask-emails";
import { linkSpans } from "./mask-links";
import { prepare } from "./mask-normalize";
import { phoneSpans } from "./mask-phones";
import type { ContactKind, Span } from "./mask-span";

/**
 * Finds the contact details people type into messages — email addresses, phone numbers and
 * messenger handles or links, as people write them (and disguise them) in Spanish, English,
 * French and German — so that they can be hidden until contact may be shared (decision records
 * 015 and 026). Pure functions over strings.
 *
 * The text is first normalised into a second string that remembers, for each of its characters,
 * where in the original it came from: Unicode NFKC (full-width and mathematical characters),
 * digits of any script folded to 0–9, invisible characters and fillers dropped, look-alike
 * letters of other scripts read as Latin ones, lower case without accents, percent-encoded `@`
 * and `.` decoded, and words spelled letter by letter (`a n a b o a t s`) joined. Detection runs
 * on the normalised string; what it finds is mapped back to the original text's positions, so
 * the page shows the text as typed with only the found spans hidden. A conversation is read
 * with each sender's messages in a row together, so a number split over up to six of them is
 * hidden in each (`conversationParts`).
 *
 * It is a speed bump, not a wall: what it still lets through is listed in decision record 015.
 * It runs on every message shown, so no pattern may backtrack over the whole text: a repeated
 * part can end in one place only (a label ends at its dot), and each class has a 10,000-character
 * hostile message in the tests (measured at 11 ms or less each).
 *
 * This file combines the finders and reads a conversation; beside it: `mask-normalize.ts` (with
 * `mask-confusables.ts`, the look-alike letters), `mask-emails.ts` (addresses and handles),
 * `mask-links.ts` (messenger, app and web links) and `mask-phones.ts` (numbers in digits or words).
 */

export type { ContactKind, Span } from "./mask-span";

// ---------------------------------------------------------------------------------------------
// The finders combined

function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && span.start < last.end) {
      if (span.end > last.end) last.end = span.end;
      continue;
    }
    out.push({ ...span });
  }
  return out;
}

/** Where the text holds contact details, in order, never overlapping, as positions in `text` itself. */
export function findContactDetails(text: string): Span[] {
  const mapped = prepare(text);
  const written = (start: number, end: number) => text.slice(mapped.from[start], mapped.to[end - 1]);
  const emails = [...emailAndHandleSpans(mapped.text), ...linkSpans(mapped.text, written)];
  const phones = phoneSpans(mapped.text).filter((phone) => !emails.some((email) => phone.start < email.end && phone.end > email.start));
  return mergeSpans(
    [...emails, ...phones]
      .filter((span) => span.end > span.start)
      .map((span) => ({ start: mapped.from[span.start]!, end: mapped.to[span.end - 1]!, kind: span.kind })),
  );
}

function partsOf(text: string, spans: Span[]): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push({ text: text.slice(at, span.start) });
    parts.push({ hidden: span.kind });
    at = span.end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
  return parts;
}

/** The text in parts, with its contact details hidden (`mask`) or as typed. */
export function messageParts(text: string, mask: boolean): MessagePart[] {
  if (!mask) return [{ text }];
  return partsOf(text, findContactDetails(text));
}

/** The text with its contact details replaced by `label(kind)` (previews). */
export function maskedText(text: string, label: (kind: ContactKind) => string): string {
  return partsToText(messageParts(text, true), label);
}

export function partsToText(parts: MessagePart[], label: (kind: ContactKind) => string): string {
  return parts.map((part) => ("hidden" in part ? label(part.hidden) : part.text)).join("");
}

// ---------------------------------------------------------------------------------------------
// A window over the same sender's messages, so a number split over several messages is caught
// (and every part of it hidden).

/** How many of a sender's messages in a row (the other person not writing in between) are read together. */
export const WINDOW_MESSAGES = 6;
/** How many of a sender's last messages are read together when the other person wrote in between. */
export const WINDOW_ACROSS_REPLIES = 3;
/** How long a window lasts, from its first message to its last. */
export const WINDOW_MS = 10 * 60_000;
/** How much of a message's end (or start) is read with its neighbours; a message in the middle of a window is read whole, so no longer than this. */
const EDGE = 200;

/** What a message's text is kept as for the messages after it (`lead`): whole, or its last `EDGE + 1` characters — all a window reads of it, still longer than `EDGE`. */
export function leadText(text: string): string {
  return text.length > EDGE ? text.slice(-(EDGE + 1)) : text;
}

type WindowMessage = { senderUid: string; createdAt: string; text: string };

/**
 * The messages read together with message `last` (itself the window's last), oldest first: the
 * same sender's messages before it, up to `WINDOW_MESSAGES` in a row or `WINDOW_ACROSS_REPLIES`
 * once the other person has written in between, all within `WINDOW_MS`, and only as far back
 * as the first one longer than `EDGE` (a message in the middle is read whole).
 */
function windowEndingAt(messages: WindowMessage[], last: number): number[] {
  const sender = messages[last]!.senderUid;
  const at = Date.parse(messages[last]!.createdAt);
  const window = [last];
  let replied = false;
  for (let j = last - 1; j >= 0; j -= 1) {
    const message = messages[j]!;
    if (message.senderUid !== sender) {
      replied = true;
      continue;
    }
    if (window.length >= (replied ? WINDOW_ACROSS_REPLIES : WINDOW_MESSAGES)) break;
    if (at - Date.parse(message.createdAt) > WINDOW_MS) break;
    window.unshift(j);
    if (message.text.length > EDGE) break;
  }
  return window;
}

/**
 * The contact details of each message, read with the same sender's messages around it (see
 * `windowEndingAt`): spans per message, in its own text. A detail that crosses messages is
 * hidden in each of them; the rest of every message shows as typed.
 */
export function findContactDetailsInMessages(messages: WindowMessage[]): Span[][] {
  const spans: Span[][] = messages.map((message) => findContactDetails(message.text));
  for (let last = 1; last < messages.length; last += 1) {
    // The longest window ending with each message: what a shorter one finds across an edge, it finds too.
    const window = windowEndingAt(messages, last);
    if (window.length < 2) continue;
    // A detail crossing an edge lies near it: the first message's end, the last one's start, the middle ones whole.
    const pieces: Array<{ index: number; from: number; to: number; at: number }> = [];
    let joined = "";
    window.forEach((index, w) => {
      const text = messages[index]!.text;
      const from = w === 0 ? Math.max(0, text.length - EDGE) : 0;
      const to = w === window.length - 1 ? Math.min(text.length, EDGE) : text.length;
      pieces.push({ index, from, to, at: joined.length });
      joined += `${text.slice(from, to)}\n`;
    });
    for (const span of findContactDetails(joined)) {
      const touched = pieces.filter((piece) => span.start < piece.at + (piece.to - piece.from) && span.end > piece.at);
      // Only what crosses a message's edge is new; what lies inside one was found on its own.
      if (touched.length < 2) continue;
      for (const piece of touched) {
        const start = Math.max(span.start, piece.at) - piece.at + piece.from;
        const end = Math.min(span.end, piece.at + (piece.to - piece.from)) - piece.at + piece.from;
        if (end > start) spans[piece.index]!.push({ start, end, kind: span.kind });
      }
    }
  }
  return spans.map(mergeSpans);
}

/** Each message in parts, contact details hidden (`mask`) with the same sender's neighbouring messages in view. */
export function conversationParts(messages: WindowMessage[], mask: boolean): MessagePart[][] {
  if (!mask) return messages.map((message) => [{ text: message.text }]);
  const spans = findContactDetailsInMessages(messages);
  return messages.map((message, index) => partsOf(message.text, spans[index]!));
}
