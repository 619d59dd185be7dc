import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#app/.server/services";
import { documentFileName } from "#app/utils/file-names";
import { authedRequest, createTestServices, createTestUser, loadContext } from "#tests/test-services";
import { loader } from "./case-document";

/**
 * A case document downloads under a name that says what it is: the extension of the type its
 * bytes were recognised as (a JPEG/HTML polyglot named `poly.html` is `poly.jpg`), with no
 * bidirectional controls to make a name read backwards.
 */
let services: Services;
let requester: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  requester = await createTestUser(services, { displayName: "Rosa Requester" });
});
afterAll(() => services.close());

const pdf = () => new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** JPEG magic bytes followed by a page: a file browsers would render as HTML if asked to. */
const polyglot = () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, ...new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>")]);

describe("case document names", () => {
  it("are rebuilt from the sniffed type and lose bidi controls, in the case and the download", async () => {
    const item = await services.cases.create({
      type: "matriculacion-barco",
      requesterUid: requester.uid,
      contact: { name: "Rosa Requester", email: requester.email, phone: null },
      details: { boatName: "Rosa de los Vientos" },
      lang: "es",
      documents: [
        { name: "poly.html", bytes: polyglot() },
        { name: "factura\u202Efdp.exe", bytes: pdf() },
        { name: "C:\\fotos\\\u2066casco\u2069.JPEG", bytes: polyglot() },
      ],
    });
    expect(item.documents.map((d) => [d.name, d.contentType])).toEqual([
      ["poly.jpg", "image/jpeg"],
      ["facturafdp.pdf", "application/pdf"],
      ["casco.JPEG", "image/jpeg"],
    ]);
    const dispositions = [];
    for (const document of item.documents) {
      const response = (await loader({
        request: authedRequest(`/resources/case-document/${item.id}/${document.id}`, requester.cookie),
        params: { caseId: item.id, documentId: document.id },
        context: loadContext(services),
      })) as Response;
      expect(response.status).toBe(200);
      dispositions.push(response.headers.get("Content-Disposition"));
    }
    expect(dispositions).toEqual([
      `attachment; filename="poly.jpg"; filename*=UTF-8''poly.jpg`,
      `attachment; filename="facturafdp.pdf"; filename*=UTF-8''facturafdp.pdf`,
      `attachment; filename="casco.JPEG"; filename*=UTF-8''casco.JPEG`,
    ]);
  });

  it.each([
    ["poly.html", "image/jpeg", "poly.jpg"],
    ["foto.jpeg", "image/jpeg", "foto.jpeg"],
    ["scan", "application/pdf", "scan.pdf"],
    [".pdf", "application/pdf", "documento.pdf"],
    ["informe.tar.gz", "application/pdf", "informe.tar.pdf"],
    ["plano.png.", "image/png", "plano.png"],
    ["a\u202Egnp.exe", "image/png", "agnp.png"],
    ["\u200Fx\u200E\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069.pdf", "application/pdf", "x.pdf"],
    ["../../etc/passwd", "application/pdf", "passwd.pdf"],
    [`${"n".repeat(200)}.html`, "application/pdf", `${"n".repeat(116)}.pdf`],
  ])("%j as %s is %j", (name, type, expected) => {
    expect(documentFileName(name, type)).toBe(expected);
  });
});
