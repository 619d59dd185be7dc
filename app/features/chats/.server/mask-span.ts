/** What the contact-detail finders return: where in the text a detail is, and which kind. */
export type ContactKind = "email" | "phone" | "handle";
export type Span = { start: number; end: number; kind: ContactKind };
