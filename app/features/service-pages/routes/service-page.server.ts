import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { minutesUntil } from "#app/.server/auth/request-auth";
import { checkDocument, isCaseError, type CaseType, type DocumentUpload } from "#app/features/cases/.server";
import { isAcceptableFieldName } from "#app/.server/http/body";
import { MultipartError, readMultipart } from "#app/.server/http/multipart";
import type { RequestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { procedureTypes } from "#app/features/cases";
import { href } from "#app/utils/href";
import {
  detailNames,
  MAX_REQUEST_DOCUMENT_BYTES,
  MAX_REQUEST_DOCUMENTS,
  requestKindOf,
  servicePageOfPath,
  servicePageRequestSchema,
  takesDocuments,
  type ServicePageKey,
} from "#app/features/service-pages/service-pages";
import { zodErrorMap } from "#app/utils/zod-errors";

/**
 * The service pages' loader and action, shared by the twelve pages of the septimalista layout
 * (and /en/transport-boat): the page's content from the store, its navigation, the contact of a
 * signed-in person; and the request form, which becomes a case.
 */
function pageOf(ctx: RequestContext): ServicePageKey {
  const key = servicePageOfPath(ctx.path);
  invariantResponse(key, ctx.request);
  return key;
}

export async function loadServicePage(ctx: RequestContext) {
  const key = pageOf(ctx);
  const { servicePages, users } = ctx.services;
  const [page, all, viewer] = await Promise.all([servicePages.page(key, ctx.lang), servicePages.all(ctx.lang), ctx.getUser()]);
  const profile = viewer ? await users.get(viewer.uid) : null;
  const procedures = all.filter((item) => (procedureTypes as readonly string[]).includes(item.key));
  const services = all.filter((item) => !(procedureTypes as readonly string[]).includes(item.key));
  return data(
    {
      key,
      meta: { title: ctx.t("meta.title", { title: page.texts.title }), description: page.texts.summary },
      page,
      procedures: procedures.map((item) => ({ key: item.key, title: item.texts.title, summary: item.texts.summary, priceFromEuros: item.priceFromEuros })),
      services: services.map((item) => ({ key: item.key, title: item.texts.title })),
      // Filled in for a signed-in person (never a cached page: the cache is for visitors only).
      contact: profile ? { name: profile.displayName, email: profile.email, phone: profile.phone ?? "" } : null,
      signedIn: viewer !== null,
    },
    { headers: visitorPageHeaders({ viewer, tags: [`service:${key}`] }) }
  );
}

/** Reads the request's body: multipart with documents, or urlencoded; null when it cannot be read. */
async function readBody(ctx: RequestContext, documents: boolean): Promise<{ form: FormData; tooLarge: string[]; overCount: string[] } | null> {
  const type = (ctx.request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return { form: await ctx.formData(), tooLarge: [], overCount: [] };
  try {
    const upload = await readMultipart(ctx.request, {
      maxFileBytes: MAX_REQUEST_DOCUMENT_BYTES,
      maxFiles: MAX_REQUEST_DOCUMENTS,
      maxFieldBytes: 8 * 1024,
      maxFields: 40,
      acceptFile: (field) => documents && field === "documents",
    });
    for (const name of upload.form.keys()) if (!isAcceptableFieldName(name)) return null;
    return upload;
  } catch (error) {
    if (error instanceof MultipartError) return null;
    throw error;
  }
}

/**
 * A request from a service page: validated (400 with the fields' messages, nothing saved),
 * limited per address (429), then a case. A signed-in person lands on the case's page; a visitor
 * on the page again with a confirmation (the same whether or not an account has their email).
 */
export async function sendServiceRequest(ctx: RequestContext) {
  const key = pageOf(ctx);
  const kind = key === "gestoria" ? "procedure" : requestKindOf(key);
  const schema = servicePageRequestSchema(key);
  const refuse = (result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) => data({ result }, { status, headers });

  const body = await readBody(ctx, takesDocuments(kind));
  if (!body) {
    const submission = parseWithZod(new FormData(), { schema, errorMap: zodErrorMap(ctx.t) });
    return refuse(submission.reply({ formErrors: [ctx.t("request.errors.unreadable")] }));
  }
  // Files past the size or the count were drained by the reader: say which, keep nothing.
  const fileErrors = [
    ...body.tooLarge.map((name) => ctx.t("cases:errors.too-large", { name })),
    ...(body.overCount.length > 0 ? [ctx.t("validation:service.tooManyFiles", { max: MAX_REQUEST_DOCUMENTS })] : []),
  ];
  // (A file input left empty sends a part without a file name, which the reader skips.)
  const submission = parseWithZod(body.form, { schema, errorMap: zodErrorMap(ctx.t) });
  if (submission.status !== "success" || fileErrors.length > 0) {
    const fieldErrors: Record<string, string[]> = fileErrors.length > 0 ? { documents: fileErrors } : {};
    const schemaErrors = Object.fromEntries(
      Object.entries(submission.status === "error" ? submission.error ?? {} : {}).filter((entry): entry is [string, string[]] => entry[1] !== null)
    );
    return refuse(submission.reply({ fieldErrors: { ...schemaErrors, ...fieldErrors } }));
  }

  const limited = await ctx.auth.limit("serviceRequestsPerAddress", ctx.clientAddress);
  if (limited) {
    const result = submission.reply({ formErrors: [ctx.t("request.errors.tooMany", { minutes: minutesUntil(limited.retryAfterSeconds) })] });
    return refuse(result, 429, { "Retry-After": String(limited.retryAfterSeconds) });
  }

  const value = submission.value as Record<string, unknown>;
  const details: Record<string, string | number> = {};
  for (const name of detailNames(kind)) {
    const field = value[name];
    if (typeof field === "string" || typeof field === "number") details[name] = field;
  }
  const type: CaseType = key === "gestoria" ? (value.procedure as CaseType) : key;
  const files = (value.documents as File[] | undefined) ?? [];
  const uploads: DocumentUpload[] = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  // Each document is read by its bytes (a web page named .pdf is not a PDF), and named when refused.
  const documentErrors: string[] = [];
  for (const upload of uploads) {
    try {
      await checkDocument(upload);
    } catch (error) {
      if (!isCaseError(error, "invalid-document")) throw error;
      documentErrors.push(ctx.t(`cases:errors.${error.reason}`, { name: upload.name }));
    }
  }
  if (documentErrors.length > 0) return refuse(submission.reply({ fieldErrors: { documents: documentErrors } }));

  const viewer = await ctx.getUser();
  const item = await ctx.services.cases.create({
    type,
    requesterUid: viewer?.uid ?? null,
    contact: { name: value.name as string, email: value.email as string, phone: (value.phone as string | undefined) || null },
    details,
    lang: ctx.lang,
    documents: uploads,
  });
  if (viewer) return ctx.redirectWithNotice(href("settings-case", { lang: ctx.lang, params: { id: item.id } }), { key: "cases:detail.created" });
  return ctx.redirectWithNotice(`${ctx.url.pathname}#solicitud`, { key: "services:request.sent" });
}
