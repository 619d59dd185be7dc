import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bookingFigures, lineOf, moneyView } from "#app/features/bookings/.server";
import { canClaim, claimWindowEnd } from "#app/features/deposits/.server";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { MoneyStory } from "#app/features/bookings";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { ClaimDetails } from "#app/features/deposits/components/deposit-claim";
import { ChoiceInput, ErrorList, FileInput, FormAlert, hintClass, labelClass, Notice, TextareaInput, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { formatMoment } from "#app/features/bookings";
import { MAX_CLAIM_TEXT, type ClaimReply } from "#app/features/deposits/deposits";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { depositFormSchema } from "../schemas.server";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { PHOTO_ACCEPT } from "#app/utils/photos";
import type { HandoverRecordView } from "#app/features/handover";
import { useLang } from "#app/utils/use-lang";
import { claimView, photosOf, refusalOf, withPhotosSent } from "./deposit.server";
import { useNotice } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { recordView } from "#app/features/handover/index.server";
import { HandoverRecord } from "#app/features/handover";
import { FilesAgain } from "#app/components/files-again";

/**
 * A trip's deposit, one page per side:
 * - /ajustes/gestion-de-alquileres/{id}/fianza — the owner claims part of the deposit within 48
 *   hours of the end (amount, reason, photos; `intent=claim`, multipart), lets it go at once
 *   (`intent=release`) or withdraws an open claim (`intent=withdraw`);
 * - /ajustes/mis-reservas/{id}/fianza — the renter reads the claim and answers it once
 *   (`intent=answer`, multipart).
 * Plain POST forms; the booking's own side only: anyone else (the other side included) gets a 404.
 */
export const handle = { i18n: ["deposits", "bookings", "listing"] };

type Side = "owner" | "renter";
const sideOf = (ctx: RequestContext): Side => (ctx.path.startsWith("/ajustes/gestion-de-alquileres/") ? "owner" : "renter");
const pageOf = { owner: "settings-rental-deposit", renter: "settings-reservation-deposit" } as const;

/** The guard of loader and action: the signed-in person must be this side of the booking. */
async function guard(ctx: RequestContext, id: string) {
  const user = await ctx.requireUser();
  const side = sideOf(ctx);
  const found = await ctx.services.bookings.getFor(id, user.uid);
  invariantResponse(found && found.role === side, ctx.request);
  return { user, side, booking: found.booking };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "deposits");
  const id = args.params.id ?? "";
  const { user, side, booking } = await guard(ctx, id);
  const { deposits, listings } = ctx.services;
  const [claim, listing, records] = await Promise.all([
    deposits.forBooking(id, { uid: user.uid, role: "user" }),
    listings.get(booking.listingId),
    ctx.services.handover.forBooking(id, { uid: user.uid, role: "user" }),
  ]);
  const checkIn = recordView(records?.checkIn ?? null);
  const checkOut = recordView(records?.checkOut ?? null);
  const deposit = lineOf(booking.money, "deposit");
  const now = new Date();
  return {
    meta: { title: ctx.t("page.meta"), description: ctx.t("form.intro") },
    side,
    title: await listings.titleOf(listing, ctx.lang),
    booking: { id: booking.id, status: booking.status, cancellationPolicy: booking.cancellationPolicy, money: moneyView(booking.money), figures: bookingFigures(booking) },
    // The deposit the trip held, whatever a claim's decision gave back since (issue 44: not the part released).
    depositCents: booking.price.depositCents,
    /** What may still be claimed: the deposit as held now. */
    heldCents: deposit?.amountCents ?? 0,
    windowEnd: claimWindowEnd(booking),
    windowPassed: now.toISOString() > claimWindowEnd(booking),
    canClaim: side === "owner" && !claim && canClaim(booking, now),
    canRelease: side === "owner" && !claim && booking.status === "completed" && (deposit?.state === "authorised" || deposit?.state === "direct"),
    claim: claim ? claimView(claim, checkOut?.photos ?? []) : null,
    /** The trip's check-in and check-out (decision 032): a claim points at the check-out's photos or notes. */
    handover: { checkIn, checkOut },
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "deposits");
  const id = args.params.id ?? "";
  const { user, side, booking } = await guard(ctx, id);
  const form = await ctx.formData();
  const depositCents = lineOf(booking.money, "deposit")?.amountCents ?? 0;
  const parsed = parseForm(form, depositFormSchema(depositCents, ctx.lang), ctx.t);
  const intent = parsed.ok ? parsed.value.intent : (parsed.typed.intent ?? "");
  const { deposits, bookings } = ctx.services;
  const back = (done: "claim" | "withdraw" | "release" | "answer") => ctx.redirectWithNotice(href(pageOf[side], { lang: ctx.lang, params: { id } }), { key: `deposits:done.${done}` });
  const reply = (status: number, body: ClaimReply) => data(body, { status });
  const refuse = (error: unknown, values: Record<string, string> = {}) => {
    const refusal = refusalOf(ctx, intent, error, { depositCents });
    if (refusal.status === 404) notFound(ctx.request);
    return reply(refusal.status, { ...refusal.reply, values });
  };
  const allowed = side === "owner" ? ["claim", "withdraw", "release"] : ["answer"];
  if (!allowed.includes(intent) || (!parsed.ok && unknownIntent(parsed))) return reply(400, { intent, errors: { form: ctx.t("errors.unknown") } });

  if (intent === "claim") {
    const values = withPhotosSent(form, { amount: parsed.typed.amount ?? "", reason: parsed.typed.reason ?? "", quote: parsed.typed.quote ?? "" });
    const photos = await photosOf(form);
    const errors: ClaimReply["errors"] = parsed.ok ? {} : { ...parsed.fields };
    if (photos === "too-many") errors.photos = ctx.t("errors.photos.too-many");
    if (!parsed.ok || parsed.value.intent !== "claim" || photos === "too-many") return reply(400, { intent, errors, values });
    const claim = parsed.value;
    try {
      await deposits.claim(user.uid, id, { amountCents: claim.amount, reason: claim.reason, photos, evidence: { photoIds: claim.evidencePhotos, quote: claim.quote } });
    } catch (error) {
      return refuse(error, values);
    }
    return back("claim");
  }
  if (intent === "withdraw") {
    try {
      await deposits.withdraw(user.uid, id);
    } catch (error) {
      return refuse(error);
    }
    return back("withdraw");
  }
  if (intent === "release") {
    if (await deposits.forBooking(id, { uid: user.uid, role: "user" })) return reply(409, { intent, errors: { form: ctx.t("errors.already-claimed") } });
    try {
      await bookings.releaseDeposit(id, user.uid);
    } catch {
      return reply(409, { intent, errors: { form: ctx.t("errors.no-deposit") } });
    }
    return back("release");
  }
  const values = withPhotosSent(form, { text: parsed.typed.text ?? "" });
  const photos = await photosOf(form);
  if (photos === "too-many") return reply(400, { intent, errors: { photos: ctx.t("errors.photos.too-many") }, values });
  if (!parsed.ok) return reply(400, { intent, errors: parsed.fields, values });
  try {
    await deposits.answer(user.uid, id, { text: values.text ?? "", photos });
  } catch (error) {
    return refuse(error, values);
  }
  return back("answer");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function DepositPage() {
  const { t } = useTranslation("deposits");
  const { t: tb } = useTranslation("bookings");
  const lang = useLang();
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = usePending({ untilIdle: true });
  const notice = useNotice("deposits:done.claim", "deposits:done.answer", "deposits:done.withdraw", "deposits:done.release");
  const euros = (cents: number) => formatEuros(cents, lang);
  const errors = reply?.errors ?? {};
  const values = reply?.values ?? {};
  const { side, booking, claim } = page;
  return (
    <main id="main" className="space-y-6">
      <p>
        <LocalizedLink to={href(side === "owner" ? "settings-rental" : "settings-reservation", { params: { id: booking.id } })} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">
          {t("page.back")}
        </LocalizedLink>
      </p>
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("page.title")}</h1>
        <p className="mt-1 text-lg">{page.title}</p>
        {page.depositCents > 0 ? <p className="mt-1 text-sm">{t("page.deposit", { amount: euros(page.depositCents) })}</p> : null}
      </header>
      {notice && !reply ? <Notice>{notice.text}</Notice> : null}
      {errors.form ? <FormAlert id="deposit-refusal" errors={[errors.form]} /> : null}
      {claim ? <ClaimDetails claim={claim} /> : null}
      {side === "owner" && claim?.status === "open" ? (
        <Form method="post" className={cardClass()}>
          <input type="hidden" name="intent" value="withdraw" />
          <p className="text-sm">{t("claim.withdrawHint")}</p>
          <Button variant="secondary" disabled={busy} className="mt-3">{t("claim.withdraw")}</Button>
        </Form>
      ) : null}
      {side === "renter" && claim?.status === "open" && !claim.answer ? (
        <Form method="post" encType="multipart/form-data" className={cardClass() + " space-y-3"} aria-labelledby="answer-title">
          <h2 id="answer-title" className="text-xl font-bold">{t("answer.title")}</h2>
          <p className={hintClass}>{t("answer.intro")}</p>
          <input type="hidden" name="intent" value="answer" />
          <div>
            <label htmlFor="answer-text" className={labelClass}>{t("answer.text")}</label>
            <TextareaInput id="answer-text" name="text" rows={5} required maxLength={MAX_CLAIM_TEXT} defaultValue={values.text ?? ""} aria-invalid={errors.text ? true : undefined} aria-describedby="answer-text-errors" className="mt-1 resize-y" />
            <ErrorList id="answer-text-errors" errors={errors.text ? [errors.text] : null} />
          </div>
          <PhotosField id="answer-photos" label={t("answer.photos")} error={errors.photos} sent={Number(values.photos ?? 0)} />
          <Button variant="primary" size="lg" type="submit" disabled={busy}>{t("answer.submit")}</Button>
        </Form>
      ) : null}
      {side === "renter" && !claim ? <p className={cardClass()}>{t("page.renterNone")}</p> : null}
      {side === "owner" && !claim ? (
        page.canClaim ? (
          <Form method="post" encType="multipart/form-data" className={cardClass() + " space-y-4"} aria-labelledby="claim-form-title">
            <h2 id="claim-form-title" className="text-xl font-bold">{t("form.title")}</h2>
            <p className="text-sm">{t("page.windowOpen", { date: formatMoment(page.windowEnd, lang) })}</p>
            <p className={hintClass}>{t("form.intro")}</p>
            <input type="hidden" name="intent" value="claim" />
            <div>
              <label htmlFor="claim-amount" className={labelClass}>{t("form.amount")}</label>
              <TextInput id="claim-amount" name="amount" inputMode="decimal" required defaultValue={values.amount ?? ""} aria-invalid={errors.amount ? true : undefined} aria-describedby="claim-amount-hint claim-amount-errors" className="mt-1 max-w-40" />
              <p id="claim-amount-hint" className={hintClass}>{t("form.amountHint", { deposit: euros(page.heldCents) })}</p>
              <ErrorList id="claim-amount-errors" errors={errors.amount ? [errors.amount] : null} />
            </div>
            <div>
              <label htmlFor="claim-reason" className={labelClass}>{t("form.reason")}</label>
              <TextareaInput id="claim-reason" name="reason" rows={5} required maxLength={MAX_CLAIM_TEXT} defaultValue={values.reason ?? ""} aria-invalid={errors.reason ? true : undefined} aria-describedby="claim-reason-hint claim-reason-errors" className="mt-1 resize-y" />
              <p id="claim-reason-hint" className={hintClass}>{t("form.reasonHint")}</p>
              <ErrorList id="claim-reason-errors" errors={errors.reason ? [errors.reason] : null} />
            </div>
            <EvidenceField checkOut={page.handover.checkOut} error={errors.evidence} quote={values.quote ?? ""} />
            <PhotosField id="claim-photos" label={t("form.photos")} error={errors.photos} sent={Number(values.photos ?? 0)} />
            <Button variant="danger" size="md" type="submit" disabled={busy}>{t("form.submit")}</Button>
          </Form>
        ) : (
          <p className={cardClass()}>
            {booking.status === "confirmed" && page.depositCents > 0
              ? t("page.notOver")
              : booking.status === "completed" && page.windowPassed
                ? t("page.windowClosed", { date: formatMoment(page.windowEnd, lang) })
                : t("page.noDeposit")}
          </p>
        )
      ) : null}
      {page.canRelease ? (
        <Form method="post" className={cardClass()}>
          <input type="hidden" name="intent" value="release" />
          <p className="text-sm">{t("form.releaseHint")}</p>
          <Button variant="secondary" disabled={busy} className="mt-3">{t("form.release")}</Button>
        </Form>
      ) : null}
      {page.handover.checkIn || page.handover.checkOut ? (
        <section aria-labelledby="handover-records-title" className={cardClass()}>
          <h2 id="handover-records-title" className="text-xl font-bold">{t("evidence.records")}</h2>
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            <HandoverRecord kind="check-in" record={page.handover.checkIn} engine={page.handover.checkIn?.fuelEighths != null} side={side} />
            <HandoverRecord kind="check-out" record={page.handover.checkOut} engine={page.handover.checkOut?.fuelEighths != null} side={side} />
          </div>
        </section>
      ) : null}
      <section aria-labelledby="money-title" className={cardClass()}>
        <h2 id="money-title" className="text-xl font-bold">{tb("money.title")}</h2>
        <div className="mt-3"><MoneyStory money={booking.money} figures={booking.figures} side={side} policy={booking.cancellationPolicy} /></div>
      </section>
    </main>
  );
}

/**
 * What of the check-out the claim points at (decision 032): its photos as checkboxes
 * (`evidencePhotos`) and a quote of its notes (`quote`); without a check-out, what to do first.
 */
function EvidenceField({ checkOut, error, quote }: { checkOut: HandoverRecordView | null; error: string | undefined; quote: string }) {
  const { t } = useTranslation("deposits");
  if (!checkOut) {
    return (
      <div>
        <p className="text-sm font-semibold" id="claim-evidence-none">{t("evidence.none")}</p>
        <ErrorList id="claim-evidence-errors" errors={error ? [error] : null} />
      </div>
    );
  }
  return (
    <fieldset className="space-y-3" aria-describedby="claim-evidence-intro claim-evidence-errors">
      <legend className="font-semibold">{t("evidence.title")}</legend>
      <p id="claim-evidence-intro" className={hintClass}>{t("evidence.intro")}</p>
      {checkOut.photos.length > 0 ? (
        <div>
          <p className={labelClass}>{t("evidence.photos")}</p>
          <ul className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {checkOut.photos.map((photo, i) => (
              <li key={photo.id}>
                <label className="block cursor-pointer rounded-lg border border-slate-200 p-1 has-[:checked]:border-sea-500 has-[:checked]:ring-2 has-[:checked]:ring-sea-500/40 dark:border-white/10">
                  <img src={photo.url} width={photo.width} height={photo.height} alt={t("evidence.photo", { n: i + 1 })} loading="lazy" className="aspect-square h-auto w-full rounded object-cover" />
                  <span className="mt-1 flex items-center gap-2 text-sm">
                    <ChoiceInput type="checkbox" name="evidencePhotos" value={photo.id} />
                    {t("evidence.photo", { n: i + 1 })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <label htmlFor="claim-quote" className={labelClass}>{t("evidence.quote")}</label>
        <TextareaInput id="claim-quote" name="quote" rows={2} maxLength={MAX_CLAIM_TEXT} defaultValue={quote} aria-invalid={error ? true : undefined} aria-describedby="claim-quote-hint claim-evidence-errors" className="mt-1 resize-y" />
        <p id="claim-quote-hint" className={hintClass}>{t("evidence.quoteHint")}</p>
      </div>
      <ErrorList id="claim-evidence-errors" errors={error ? [error] : null} />
    </fieldset>
  );
}

/** The photos of a claim or an answer (checked by their bytes on the server); after a refusal, whether to choose them again. */
function PhotosField({ id, label, error, sent }: { id: string; label: string; error: string | undefined; sent: number }) {
  const { t } = useTranslation("deposits");
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <FileInput id={id} name="photos" multiple accept={PHOTO_ACCEPT} aria-describedby={`${id}-hint ${id}-again ${id}-errors`} />
      <p id={`${id}-hint`} className={hintClass}>{t("form.photosHint")}</p>
      <FilesAgain inputId={id} sent={sent} />
      <ErrorList id={`${id}-errors`} errors={error ? [error] : null} />
    </div>
  );
}
