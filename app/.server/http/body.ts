import { data } from "@remix-run/node";

/**
 * Reads a form body the way our forms send it (urlencoded or multipart). Anything else — JSON,
 * a broken or boundary-less multipart body, a body the platform cannot parse — is the sender's
 * fault: a 400 (415 for a content type no form sends) with a translated message, never a 500.
 * Hardened in app/.server/http/body.test.ts.
 */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly reason: "unsupported-type" | "unreadable" | "too-large" | "too-many-fields",
  ) {
    super(`form body refused: ${reason}`);
    this.name = "BodyError";
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function readFormData(request: Request, message: (reason: BodyError["reason"]) => string): Promise<FormData> {
  try {
    const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
    if (!FORM_TYPES.includes(type)) throw new BodyError(415, "unsupported-type");
    try {
      return await request.formData();
    } catch {
      throw new BodyError(400, "unreadable");
    }
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    throw data({ message: message(error.reason), formErrors: [message(error.reason)] }, { status: error.status });
  }
}
