import { z } from "zod";
import { emailField, honeypotField } from "#app/features/accounts";
import { withoutControlCharacters } from "#app/utils/free-text";

/**
 * The legal pages as pages and forms see them (client-safe): the legal notice (LSSI), privacy
 * (GDPR), cookies, terms of use and contact. Their texts are content kept in the store (defaults
 * shipped with the app, edited per language at /admin/contenidos), written in a small, safe
 * subset of Markdown that `parseLegalBody` turns into blocks React renders as text.
 */
export const legalPageKeys = ["aviso-legal", "privacidad", "cookies", "condiciones", "contacto"] as const;
export type LegalPageKey = (typeof legalPageKeys)[number];

export function isLegalPageKey(value: unknown): value is LegalPageKey {
  return typeof value === "string" && (legalPageKeys as readonly string[]).includes(value);
}

/** The page of the route table that shows each legal text. */
export function legalPageIdOf(key: LegalPageKey) {
  const ids = {
    "aviso-legal": "legal-notice",
    privacidad: "privacy",
    cookies: "cookies",
    condiciones: "terms",
    contacto: "contact",
  } as const;
  return ids[key];
}

/** Which legal page a path below the language prefix shows (`/privacidad` → `privacidad`). */
export function legalPageOfPath(path: string): LegalPageKey | null {
  const key = path.replace(/^\/+|\/+$/g, "");
  return isLegalPageKey(key) ? key : null;
}

/** One language's texts of a legal page. */
export type LegalTexts = {
  title: string;
  /** One or two sentences: the lead under the heading and the meta description. */
  summary: string;
  /** The text: paragraphs separated by a blank line, `## ` headings, `- ` list items, `[text](/path)` links. */
  body: string;
};

export type LegalPageContent = {
  key: LegalPageKey;
  texts: Record<"es" | "en" | "fr" | "de", LegalTexts>;
  updatedAt: string | null;
  updatedBy: string | null;
};

/** Limits of the editor (and of the stored texts). */
export const legalTextsSchema = z.object({
  title: z.string().trim().min(3).max(120),
  summary: z.string().trim().min(10).max(300),
  body: z.string().trim().min(10).max(40_000),
});

/** The editor's form (/admin/contenidos/legal/{key}): one language's texts. */
export const legalContentFormSchema = legalTextsSchema.extend({
  lang: z.enum(["es", "en", "fr", "de"]),
});

// ---------------------------------------------------------------------------------------------
// The text's subset of Markdown

export type Inline = { kind: "text"; text: string } | { kind: "strong"; text: string } | { kind: "link"; text: string; to: string };
export type Block =
  | { kind: "heading"; level: 2 | 3; text: string }
  | { kind: "paragraph"; parts: Inline[] }
  | { kind: "list"; items: Inline[][] };

/** Where a link may point: a path of this site, an https page or an email address. */
export function isSafeLinkTarget(to: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(to)) return true;
  if (/^mailto:[^\s@<>"]+@[^\s@<>"]+$/.test(to)) return true;
  return /^https:\/\/[^\s<>"]+$/.test(to);
}

/** `**bold**` and `[text](target)` in a line; anything else (and unsafe targets) stays text. */
export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  const push = (part: Inline) => {
    const previous = parts[parts.length - 1];
    if (part.kind === "text" && previous?.kind === "text") previous.text += part.text;
    else if (part.kind !== "text" || part.text) parts.push(part);
  };
  for (const match of text.matchAll(pattern)) {
    push({ kind: "text", text: text.slice(last, match.index) });
    if (match[1] !== undefined) push({ kind: "strong", text: match[1] });
    else if (isSafeLinkTarget(match[3]!)) push({ kind: "link", text: match[2]!, to: match[3]! });
    else push({ kind: "text", text: match[2]! });
    last = match.index + match[0].length;
  }
  push({ kind: "text", text: text.slice(last) });
  return parts;
}

/**
 * The body as blocks: `## ` and `### ` start headings, consecutive `- ` (or `* `) lines a list,
 * other lines are paragraphs (lines of one paragraph joined by a space). Nothing becomes HTML.
 */
export function parseLegalBody(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: Inline[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", parts: parseInline(paragraph.join(" ")) });
    if (list) blocks.push({ kind: "list", items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1]!.length as 2 | 3, text: heading[2]!.replace(/\s*#+$/, "") });
    } else if (item) {
      if (paragraph.length > 0) flush();
      (list ??= []).push(parseInline(item[1]!));
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// The contact form

export const CONTACT_SUBJECT_MAX = 150;
export const CONTACT_MESSAGE_MAX = 4000;

/** The contact form (/contacto): it becomes a case of type `contact`. */
export const contactSchema = z.object({
  name: withoutControlCharacters(z.string().trim().min(2).max(120)),
  email: emailField,
  subject: withoutControlCharacters(z.string().trim().min(3).max(CONTACT_SUBJECT_MAX)),
  message: withoutControlCharacters(z.string().trim().min(10).max(CONTACT_MESSAGE_MAX)),
  website: honeypotField,
});
export type ContactForm = z.infer<typeof contactSchema>;
