import { describe, expect, it } from "vitest";
import { BODY_LIMITS, isAcceptableFieldName, readFormData } from "./body";

const reasons = (reason: string) => `reason:${reason}`;

async function outcome(init: RequestInit) {
  try {
    const form = await readFormData(new Request("http://localhost/login", { method: "POST", ...init }), reasons);
    return { status: 200, form };
  } catch (thrown) {
    const refusal = thrown as { data: { message: string }; init: { status: number } };
    return { status: refusal.init.status, message: refusal.data.message };
  }
}

const urlencoded = (body: BodyInit) => ({ headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });

describe("readFormData", () => {
  it("reads the forms our pages send", async () => {
    const plain = await outcome(urlencoded("email=a%40b.es&password=x+y&name=Jos%C3%A9&skipper.mode=optional&photos%5B2%5D=p"));
    expect(plain.status).toBe(200);
    expect(Object.fromEntries(plain.form!)).toEqual({ email: "a@b.es", password: "x y", name: "José", "skipper.mode": "optional", "photos[2]": "p" });
    const multipart = new FormData();
    multipart.append("intent", "upload");
    multipart.append("photos", new File([new Uint8Array([1, 2, 3])], "a=b.jpg", { type: "image/jpeg" }));
    const read = await outcome({ body: multipart });
    expect(read.status).toBe(200);
    expect((read.form!.get("photos") as File).name).toBe("a=b.jpg");
    expect((await outcome(urlencoded(""))).status).toBe(200);
  });

  /** A multipart body of text parts, each value given as its bytes. */
  const multipartOf = (...parts: Array<[string, number[] | string]>) => {
    const encoder = new TextEncoder();
    const chunks: number[] = [];
    for (const [name, value] of parts) {
      chunks.push(...encoder.encode(`--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), ...(typeof value === "string" ? encoder.encode(value) : value), 0x0d, 0x0a);
    }
    chunks.push(...encoder.encode("--xyz--\r\n"));
    return { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: new Uint8Array(chunks) };
  };

  it("keeps a replacement character a person sent (text pasted from a page with a broken encoding), refuses bytes that are not UTF-8", async () => {
    const pasted = "Barco \uFFFDnico, 8 plazas";
    const sent = await outcome(urlencoded(`description=${encodeURIComponent(pasted)}`));
    expect(sent.status).toBe(200);
    expect(sent.form!.get("description")).toBe(pasted);
    const inParts = await outcome(multipartOf(["intent", "save"], ["description", pasted]));
    expect(inParts.status).toBe(200);
    expect(inParts.form!.get("description")).toBe(pasted);
    // A text part that is not UTF-8 (Latin-1 "Ñ"), alone or beside a replacement character sent as such.
    expect(await outcome(multipartOf(["name", [0x4e, 0x61, 0xd1, 0x6f]]))).toEqual({ status: 400, message: "reason:unreadable" });
    expect(await outcome(multipartOf(["description", pasted], ["name", [0xff, 0xfe]]))).toEqual({ status: 400, message: "reason:unreadable" });
  });

  it.each([
    ["JSON", { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.es"}' }, 415, "unsupported-type"],
    ["text", { headers: { "Content-Type": "text/plain" }, body: "email=a" }, 415, "unsupported-type"],
    ["no content type", { body: new Uint8Array([101, 61, 49]) }, 415, "unsupported-type"],
    ["multipart without a boundary", { headers: { "Content-Type": "multipart/form-data" }, body: "--x\r\n" }, 400, "unreadable"],
    ["broken multipart", { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-data\r\n\r\nno end" }, 400, "unreadable"],
    ["invalid UTF-8 escapes", urlencoded("name=%C3%28"), 400, "unreadable"],
    ["raw invalid UTF-8", urlencoded(new Uint8Array([0x6e, 0x3d, 0xff, 0xfe])), 400, "unreadable"],
    ["a broken escape", urlencoded("name=%Z1"), 400, "unreadable"],
    ["thousands of fields", urlencoded(Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&")), 400, "too-many-fields"],
    ["a megabyte string", urlencoded(`bio=${"a".repeat(BODY_LIMITS.textFieldChars + 1)}`), 400, "field-too-long"],
    ["an oversize body", urlencoded(`bio=${"a".repeat(BODY_LIMITS.urlencodedBytes + 10)}`), 413, "too-large"],
    ["a huge list index", urlencoded("x%5B999999999%5D=1&email=a"), 400, "invalid-name"],
    ["a __proto__ path", urlencoded("__proto__%5Bpolluted%5D=1"), 400, "invalid-name"],
    ["a constructor.prototype path", urlencoded("constructor.prototype.polluted=1"), 400, "invalid-name"],
    ["a deep path", urlencoded("a.b.c.d.e.f.g.h=1"), 400, "invalid-name"],
  ])("refuses %s", async (_name, init, status, reason) => {
    const result = await outcome(init as RequestInit);
    expect(result.status).toBe(status);
    expect(result.message).toBe(`reason:${reason}`);
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    const result = await outcome({ headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(BODY_LIMITS.urlencodedBytes + 1) }, body: "a=1" });
    expect(result.status).toBe(413);
  });

  it("knows our field names", () => {
    for (const name of ["email", "skipper.mode", "photos[0]", "languages[]", "description.es"]) expect(isAcceptableFieldName(name)).toBe(true);
    for (const name of ["", "x".repeat(201), "a[1001]", "__proto__", "a.constructor", "prototype[0]"]) expect(isAcceptableFieldName(name)).toBe(false);
  });
});
