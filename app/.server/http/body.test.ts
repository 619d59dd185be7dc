import { describe, expect, it } from "vitest";
import { emptyFileParts, megabyteFields } from "#tests/hostile-requests";
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

/** A body made as the gate reads it, chunk by chunk: `pulled()` says how many bytes it took. */
function streamed(chunks: () => Iterable<Uint8Array>) {
  let pulled = 0;
  let source: Iterator<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        source ??= chunks()[Symbol.iterator]();
        const next = source.next();
        if (next.done) return controller.close();
        pulled += next.value.byteLength;
        controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

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
    ["thousands of fields", urlencoded(Array.from({ length: 5_000 }, (_, i) => `f${i}=1`).join("&")), 413, "too-many-fields"],
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

  it("cuts 230,879 empty file parts at the 1,001st part, having read a few hundred kilobytes of their 25 MiB", async () => {
    const hostile = emptyFileParts("/login");
    const { body, pulled } = streamed(hostile.body);
    const result = await outcome({ headers: hostile.headers, body, duplex: "half" } as RequestInit);
    expect(result).toEqual({ status: 413, message: "reason:too-many-fields" });
    expect(pulled()).toBeLessThan(512 * 1024);
  });

  it("counts urlencoded fields as they arrive: 1 MiB of separators is cut at the 1,000th", async () => {
    const { body, pulled } = streamed(function* () {
      for (let i = 0; i < 16; i++) yield new Uint8Array(64 * 1024).fill(0x26);
    });
    const result = await outcome({ ...urlencoded(body), duplex: "half" } as RequestInit);
    expect(result).toEqual({ status: 413, message: "reason:too-many-fields" });
    expect(pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses multipart text fields past the 1,000th", async () => {
    const fields = (count: number) => Array.from({ length: count }, (_, i): [string, string] => [`f${i}`, "1"]);
    expect(await outcome(multipartOf(...fields(1_001)))).toEqual({ status: 413, message: "reason:too-many-fields" });
    expect((await outcome(multipartOf(...fields(1_000)))).status).toBe(200);
  });

  it("refuses a multipart text field over the cap without keeping it, and reads the fields and files of a check-out form", async () => {
    const hostile = megabyteFields("/ajustes/mis-reservas/x", ["intent", "notes"], { type: "multipart" });
    const { body } = streamed(hostile.body);
    expect(await outcome({ headers: hostile.headers, body, duplex: "half" } as RequestInit)).toEqual({ status: 400, message: "reason:field-too-long" });
    const form = new FormData();
    form.append("intent", "check-out");
    form.append("notes", "Devuelto en el pantalán 3.");
    form.append("photos", new File([new Uint8Array(2048)], "casco.jpg", { type: "image/jpeg" }));
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    const read = await outcome({ body: form });
    expect(read.status).toBe(200);
    expect(read.form!.get("notes")).toBe("Devuelto en el pantalán 3.");
    expect(read.form!.getAll("photos").map((file) => [(file as File).name, (file as File).size, (file as File).type])).toEqual([["casco.jpg", 2048, "image/jpeg"]]);
  });

  it("refuses a multipart field name no form of ours writes", async () => {
    expect(await outcome(multipartOf(["__proto__[x]", "1"]))).toEqual({ status: 400, message: "reason:invalid-name" });
  });

  it("knows our field names", () => {
    for (const name of ["email", "skipper.mode", "photos[0]", "languages[]", "description.es"]) expect(isAcceptableFieldName(name)).toBe(true);
    for (const name of ["", "x".repeat(201), "a[1001]", "__proto__", "a.constructor", "prototype[0]"]) expect(isAcceptableFieldName(name)).toBe(false);
  });
});
