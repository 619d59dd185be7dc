import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

/**
 * Streams a `multipart/form-data` upload (photos today, case documents next) with busboy, which
 * reads any file name as data: `a=b.jpg` or `a;b.jpg` are names like others (Remix's own parser
 * refused them as malformed headers). Files are kept in memory up to `maxFileBytes` each and
 * `maxFiles` in all; a larger file or one past the count is drained and reported, not kept; a
 * text field past `maxFieldBytes`, a broken body or a dropped connection is a `MultipartError`.
 */
export class MultipartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MultipartError";
  }
}

export type MultipartOptions = {
  maxFileBytes: number;
  maxFiles: number;
  maxFieldBytes: number;
  maxFields?: number;
  /** Which file parts to read (by field name); others are drained. */
  acceptFile(fieldName: string): boolean;
};

export type MultipartResult = {
  form: FormData;
  /** File names over `maxFileBytes`. */
  tooLarge: string[];
  /** File names past `maxFiles`. */
  overCount: string[];
};

export function readMultipart(request: Request, options: MultipartOptions): Promise<MultipartResult> {
  const contentType = request.headers.get("Content-Type") ?? "";
  return new Promise<MultipartResult>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { fileSize: options.maxFileBytes, fieldSize: options.maxFieldBytes, fields: options.maxFields ?? 1_000 },
      });
    } catch (error) {
      reject(new MultipartError("not a multipart body", { cause: error }));
      return;
    }
    const form = new FormData();
    const tooLarge: string[] = [];
    const overCount: string[] = [];
    const files: Array<Promise<void>> = [];
    let kept = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error instanceof MultipartError ? error : new MultipartError("unreadable multipart body", { cause: error }));
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fail(new MultipartError(`field ${name} is too long`));
      else form.append(name, value);
    });
    parser.on("fieldsLimit", () => fail(new MultipartError("too many fields")));
    parser.on("file", (name, stream, info) => {
      const filename = info.filename ?? "";
      if (!options.acceptFile(name) || filename === "") {
        stream.resume();
        return;
      }
      if (kept >= options.maxFiles) {
        overCount.push(filename);
        stream.resume();
        return;
      }
      kept++;
      const chunks: Buffer[] = [];
      let limited = false;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        limited = true;
        chunks.length = 0;
      });
      files.push(
        new Promise<void>((done, error) => {
          stream.on("error", error);
          stream.on("close", () => {
            if (limited) {
              kept--;
              tooLarge.push(filename);
            } else {
              form.append(name, new File(chunks as unknown as BlobPart[], filename, { type: info.mimeType }));
            }
            done();
          });
        }),
      );
    });
    parser.on("error", fail);
    parser.on("close", () => {
      Promise.all(files).then(
        () => {
          if (!failed) resolve({ form, tooLarge, overCount });
        },
        fail,
      );
    });

    if (!request.body) {
      fail(new MultipartError("no body"));
      return;
    }
    const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
    body.on("error", fail);
    body.pipe(parser);
  });
}
