import { describe, expect, it } from "vitest";
import { MultipartError, readMultipart } from "./multipart";

const upload = (files: Array<[string, number]>, fields: Record<string, string> = { intent: "upload" }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [filename, size] of files) form.append("photos", new File([new Uint8Array(size)], filename, { type: "image/jpeg" }));
  return new Request("http://localhost/boat/form/add-motor-boat", { method: "POST", body: form });
};
const options = { maxFileBytes: 100, maxFiles: 2, maxFieldBytes: 64, acceptFile: (name: string) => name === "photos" };

describe("readMultipart", () => {
  it("reads any file name as data", async () => {
    const names = ["a=b.jpg", "a;b.jpg", "x=1;y=2 (copia).jpg", "ñandú é.jpg"];
    for (const name of names) {
      const { form } = await readMultipart(upload([[name, 10]]), { ...options, maxFiles: 5 });
      expect((form.get("photos") as File).name).toBe(name);
      expect((form.get("photos") as File).size).toBe(10);
      expect(form.get("intent")).toBe("upload");
    }
  });

  it("drains files over the size or past the count and names them", async () => {
    const { form, tooLarge, overCount } = await readMultipart(upload([["big.jpg", 101], ["a.jpg", 5], ["b.jpg", 5], ["c.jpg", 5]]), options);
    expect(form.getAll("photos").map((f) => (f as File).name)).toEqual(["a.jpg", "b.jpg"]);
    expect(tooLarge).toEqual(["big.jpg"]);
    expect(overCount).toEqual(["c.jpg"]);
  });

  it("cuts a body past its cap in the middle of a file it was draining (413), and the server goes on", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('--xyz\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\n\r\n'));
        // The file's first bytes (busboy announces a file with them), then past the cap.
        controller.enqueue(new Uint8Array(16));
        controller.enqueue(new Uint8Array(4096));
        controller.close();
      },
    });
    const request = new Request("http://localhost/", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body, duplex: "half" } as RequestInit);
    await expect(readMultipart(request, { ...options, maxBytes: 1024 })).rejects.toMatchObject({ status: 413, reason: "too-large" });
  });

  it("refuses broken bodies and oversized text fields", async () => {
    const broken = new Request("http://localhost/", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end" });
    await expect(readMultipart(broken, options)).rejects.toBeInstanceOf(MultipartError);
    const noBoundary = new Request("http://localhost/", { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "x" });
    await expect(readMultipart(noBoundary, options)).rejects.toBeInstanceOf(MultipartError);
    await expect(readMultipart(upload([], { intent: "x".repeat(100) }), options)).rejects.toBeInstanceOf(MultipartError);
  });
});
