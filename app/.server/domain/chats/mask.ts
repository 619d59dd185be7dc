import type { MessagePart } from "#app/utils/chats";
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
 * digits of any script folded to 0–9, invisible characters dropped, lower case without accents,
 * percent-encoded `@` and `.` decoded, and words spelled letter by letter (`a n a b o a t s`)
 * joined. Detection runs on the normalised string; what it finds is mapped back to the original
 * text's positions, so the page shows the text as typed with only the found spans hidden.
 *
 * This file combines the finders and reads a conversation; beside it: `mask-normalize.ts`,
 * `mask-emails.ts` (addresses and handles), `mask-links.ts` (messenger, app and web links) and
 * `mask-phones.ts` (numbers in digits or words).
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
// A sliding window over the same sender's messages, so a number split over two or three
// messages is caught (and every part of it hidden).

/** How many of a sender's last messages are read together, and within how long. */
export const WINDOW_MESSAGES = 3;
export const WINDOW_MS = 10 * 60_000;
/** How much of a message's end (or start) is read with its neighbours. */
const EDGE = 300;

type WindowMessage = { senderUid: string; createdAt: string; text: string };

/**
 * The contact details of each message, read with the same sender's messages just before and
 * after it (at most `WINDOW_MESSAGES` within `WINDOW_MS`): spans per message, in its own text.
 */
export function findContactDetailsInMessages(messages: WindowMessage[]): Span[][] {
  const spans: Span[][] = messages.map((message) => findContactDetails(message.text));
  const bySender = new Map<string, number[]>();
  messages.forEach((message, index) => bySender.set(message.senderUid, [...(bySender.get(message.senderUid) ?? []), index]));
  for (const indexes of bySender.values()) {
    for (let k = 1; k < indexes.length; k += 1) {
      const last = messages[indexes[k]!]!;
      // The windows ending with this message: with the one before it, and with the two before it.
      for (let size = 2; size <= Math.min(WINDOW_MESSAGES, k + 1); size += 1) {
        const window = indexes.slice(k + 1 - size, k + 1);
        if (Date.parse(last.createdAt) - Date.parse(messages[window[0]!]!.createdAt) > WINDOW_MS) break;
        // A detail crossing an edge lies near it: the first message's end, the last one's start,
        // and a middle message only when it is short enough to be part of it whole.
        const pieces: Array<{ index: number; from: number; to: number; at: number }> = [];
        let joined = "";
        let usable = true;
        window.forEach((index, w) => {
          const text = messages[index]!.text;
          let from = 0;
          let to = text.length;
          if (w === 0) from = Math.max(0, text.length - EDGE);
          else if (w === window.length - 1) to = Math.min(text.length, EDGE);
          else if (text.length > EDGE) usable = false;
          pieces.push({ index, from, to, at: joined.length });
          joined += `${text.slice(from, to)}\n`;
        });
        if (!usable) continue;
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
