import { describe, expect, it } from "vitest";
import { contactSchema, isSafeLinkTarget, legalPageOfPath, parseInline, parseLegalBody } from "./legal-pages";

/**
 * The legal texts' small Markdown: what the team types becomes headings, paragraphs, lists, bold
 * and links — and nothing else: HTML stays text and links only go to the site, https or email.
 */
describe("parseLegalBody", () => {
  it("reads headings, paragraphs (lines joined) and lists", () => {
    const blocks = parseLegalBody("## Who we are\nAmarre Marketplace S.L.\nPalma\n\n- **NIF:** B67294813\n- Email: [hola@amarre.test](mailto:hola@amarre.test)\n### Small print\nLast line.");
    expect(blocks).toEqual([
      { kind: "heading", level: 2, text: "Who we are" },
      { kind: "paragraph", parts: [{ kind: "text", text: "Amarre Marketplace S.L. Palma" }] },
      {
        kind: "list",
        items: [
          [
            { kind: "strong", text: "NIF:" },
            { kind: "text", text: " B67294813" },
          ],
          [
            { kind: "text", text: "Email: " },
            { kind: "link", text: "hola@amarre.test", to: "mailto:hola@amarre.test" },
          ],
        ],
      },
      { kind: "heading", level: 3, text: "Small print" },
      { kind: "paragraph", parts: [{ kind: "text", text: "Last line." }] },
    ]);
  });

  it("keeps HTML and unsafe links as plain text", () => {
    const blocks = parseLegalBody('<script>alert(1)</script> [click](javascript:alert(1)) [home](//evil.example) <img src=x onerror="x">');
    expect(blocks).toHaveLength(1);
    const parts = (blocks[0] as { parts: Array<{ kind: string; text: string }> }).parts;
    expect(parts.every((part) => part.kind === "text")).toBe(true);
    expect(parts.map((part) => part.text).join("")).toContain("<script>alert(1)</script> click");
  });

  it("allows site paths, https pages and email addresses as link targets", () => {
    expect(isSafeLinkTarget("/privacidad")).toBe(true);
    expect(isSafeLinkTarget("/en/condiciones#6")).toBe(true);
    expect(isSafeLinkTarget("https://www.aepd.es")).toBe(true);
    expect(isSafeLinkTarget("mailto:hola@amarre.test")).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example", "http://plain.example", "data:text/html,hi", "/\\evil.example"]) expect(isSafeLinkTarget(bad), bad).toBe(false);
    expect(parseInline("see [terms](/condiciones).")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "terms", to: "/condiciones" },
      { kind: "text", text: "." },
    ]);
  });
});

describe("the legal pages' paths and the contact form", () => {
  it("knows which page a path shows", () => {
    expect(legalPageOfPath("/aviso-legal")).toBe("aviso-legal");
    expect(legalPageOfPath("/condiciones/")).toBe("condiciones");
    expect(legalPageOfPath("/gestoria")).toBeNull();
  });

  it("asks for a name, an email, a subject and a message of some substance, and an empty honeypot", () => {
    const good = { name: "Marta Ferrer", email: " Marta@Example.com ", subject: "Una duda", message: "¿Puedo alquilar solo en julio?" };
    expect(contactSchema.parse(good)).toMatchObject({ email: "marta@example.com" });
    const bad = contactSchema.safeParse({ name: "M", email: "no", subject: "", message: "hola", website: "x" });
    expect(bad.success).toBe(false);
    expect(Object.keys(bad.error!.flatten().fieldErrors).sort()).toEqual(["email", "message", "name", "subject", "website"]);
  });
});
