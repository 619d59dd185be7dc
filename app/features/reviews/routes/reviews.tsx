import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isReviewError, type Review } from "#app/features/reviews/.server";
import { MAX_COMMENT, MIN_COMMENT } from "#app/features/reviews/reviews";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { reviewsFormSchema } from "../schemas.server";
import { cardClass } from "#app/components/ui/card";
import { ChoiceInput, FormAlert, labelClass, Notice, TextareaInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatDay, formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { useNotice } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";

/**
 * /ajustes/opiniones: the trips waiting for the person's review (with the form), the reviews
 * they wrote (with the owner's answer), and the reviews of their listings (with the answer form).
 * Plain POST forms; every refusal is a 4xx with a translated message.
 */
export const handle = { i18n: ["reviews"] };

async function titles(ctx: RequestContext, listingIds: string[]): Promise<Map<string, { title: string; kind: "boat" | "dock" }>> {
  const listings = (await ctx.services.listings.getMany([...new Set(listingIds)])).filter((listing) => listing !== null);
  return new Map(await Promise.all(listings.map(async (listing) => [listing.id, { kind: listing.kind, title: await ctx.services.listings.titleOf(listing, ctx.lang) }] as const)));
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "reviews");
  const user = await ctx.requireUser();
  const { reviews, users } = ctx.services;
  const [waiting, written, received] = await Promise.all([reviews.waiting(user.uid), reviews.written(user.uid), reviews.received(user.uid)]);
  const names = await users.getMany([...new Set(received.map((review) => review.renterUid))]);
  const listingTitles = await titles(ctx, [...waiting.map((trip) => trip.listingId), ...written.map((r) => r.listingId), ...received.map((r) => r.listingId)]);
  const listing = (id: string) => ({ id, ...(listingTitles.get(id) ?? { title: ctx.t("gone"), kind: "boat" as const }) });
  const view = (review: Review) => ({ id: review.id, rating: review.rating, comment: review.comment, createdAt: review.createdAt, answer: review.answer, listing: listing(review.listingId) });
  return {
    meta: { title: ctx.t("page.meta"), description: ctx.t("page.intro") },
    waiting: waiting.map((trip) => ({ bookingId: trip.id, start: trip.start, end: trip.end, listing: listing(trip.listingId) })),
    written: written.map(view),
    received: received.map((review) => ({ ...view(review), author: names.get(review.renterUid)?.displayName ?? "—" })),
  };
}

type Reply = { intent: "review" | "answer"; target: string; errors: string[]; values?: Record<string, string> };

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "reviews");
  const user = await ctx.requireUser();
  const parsed = parseForm(await ctx.formData(), reviewsFormSchema, ctx.t);
  const refuse = (reply: Reply, status: number) => data<Reply>(reply, { status });
  const statusOf = (code: string) => (code === "invalid" ? 400 : code === "not-found" ? 404 : 409);
  if (!parsed.ok) {
    if (unknownIntent(parsed)) return refuse({ intent: "review", target: "", errors: [ctx.t("errors.unknown")] }, 400);
    const { bookingId = "", rating = "", comment = "" } = parsed.typed;
    return refuse({ intent: "review", target: bookingId, errors: parsed.errors, values: { rating, comment } }, 400);
  }
  const form = parsed.value;
  if (form.intent === "review") {
    const values = { rating: parsed.typed.rating ?? "", comment: form.comment };
    try {
      await ctx.services.reviews.write(user.uid, form.bookingId, { rating: form.rating, comment: form.comment, lang: ctx.lang });
    } catch (error) {
      if (!isReviewError(error)) throw error;
      return refuse({ intent: form.intent, target: form.bookingId, errors: [ctx.t(`errors.${error.code}`)], values }, statusOf(error.code));
    }
    throw await ctx.redirectWithNotice(href("settings-reviews", { lang: ctx.lang, hash: "escritas" }), { key: "reviews:done.review" });
  }
  try {
    await ctx.services.reviews.answer(user.uid, form.reviewId, form.answer);
  } catch (error) {
    if (!isReviewError(error)) throw error;
    const key = error.code === "invalid" ? "answer" : error.code;
    return refuse({ intent: form.intent, target: form.reviewId, errors: [ctx.t(`errors.${key}`, { max: MAX_COMMENT })], values: { answer: form.answer } }, statusOf(error.code));
  }
  throw await ctx.redirectWithNotice(href("settings-reviews", { lang: ctx.lang, hash: "recibidas" }), { key: "reviews:done.answer" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("reviews");
  return (
    <span role="img" aria-label={t("stars", { count: rating })} className="text-amber-500">
      {"★".repeat(rating)}
      <span className="text-slate-300 dark:text-slate-600">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export default function Reviews() {
  const { t } = useTranslation("reviews");
  const lang = useLang();
  const { waiting, written, received } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = usePending({ untilIdle: true });
  const notice = useNotice("reviews:done.review", "reviews:done.answer");
  const errorsFor = (intent: Reply["intent"], target: string) => (reply && reply.intent === intent && reply.target === target ? reply.errors : undefined);
  const valueFor = (intent: Reply["intent"], target: string, name: string) => (reply && reply.intent === intent && reply.target === target ? reply.values?.[name] : undefined);
  return (
    <main id="main" className="space-y-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("page.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("page.intro")}</p>
      </header>
      {notice ? <Notice>{notice.text}</Notice> : null}
      {reply && !reply.target ? <FormAlert id="reviews-error" errors={reply.errors} /> : null}

      <section aria-labelledby="waiting-title" className="space-y-3">
        <h2 id="waiting-title" className="text-xl font-bold">{t("waiting.title")}</h2>
        {waiting.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("waiting.empty")}</p> : null}
        {waiting.map((trip) => (
          <article key={trip.bookingId} className={cardClass()} aria-labelledby={`trip-${trip.bookingId}`}>
            <h3 id={`trip-${trip.bookingId}`} className="font-semibold">
              <LocalizedLink to={href(trip.listing.kind === "boat" ? "boat" : "dock", { params: { id: trip.listing.id } })} className="underline">{trip.listing.title}</LocalizedLink>
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("waiting.dates", { start: formatDay(trip.start, lang), end: formatDay(trip.end, lang) })}</p>
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="review" />
              <input type="hidden" name="bookingId" value={trip.bookingId} />
              <FormAlert id={`review-${trip.bookingId}-errors`} errors={errorsFor("review", trip.bookingId)} />
              <fieldset>
                <legend className={labelClass}>{t("form.rating")}</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {[5, 4, 3, 2, 1].map((value) => (
                    <label key={value} className="inline-flex items-center gap-1 text-sm">
                      <ChoiceInput type="radio" name="rating" value={value} required defaultChecked={valueFor("review", trip.bookingId, "rating") === String(value)} />
                      <Stars rating={value} />
                    </label>
                  ))}
                </div>
              </fieldset>
              <div>
                <label htmlFor={`comment-${trip.bookingId}`} className={labelClass}>{t("form.comment")}</label>
                <TextareaInput id={`comment-${trip.bookingId}`} name="comment" rows={3} required minLength={MIN_COMMENT} maxLength={MAX_COMMENT} defaultValue={valueFor("review", trip.bookingId, "comment")} />
              </div>
              <Button variant="primary" size="lg" type="submit"  disabled={busy}>{t("form.submit")}</Button>
            </Form>
          </article>
        ))}
      </section>

      <section id="escritas" aria-labelledby="written-title" className="space-y-3">
        <h2 id="written-title" className="text-xl font-bold">{t("written.title")}</h2>
        {written.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("written.empty")}</p> : null}
        {written.map((review) => (
          <article key={review.id} className={cardClass()}>
            <h3 className="font-semibold">{review.listing.title}</h3>
            <p className="text-sm"><Stars rating={review.rating} /> · {formatMoment(review.createdAt, lang)}</p>
            <p className="mt-2 whitespace-pre-line">{review.comment}</p>
            {review.answer ? <p className="mt-3 border-l-4 border-sea-200 pl-3 text-sm dark:border-white/20"><span className="font-semibold">{t("answerFromOwner")}</span> {review.answer.text}</p> : null}
          </article>
        ))}
      </section>

      <section id="recibidas" aria-labelledby="received-title" className="space-y-3">
        <h2 id="received-title" className="text-xl font-bold">{t("received.title")}</h2>
        {received.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("received.empty")}</p> : null}
        {received.map((review) => (
          <article key={review.id} className={cardClass()}>
            <h3 className="font-semibold">{review.listing.title}</h3>
            <p className="text-sm"><Stars rating={review.rating} /> · {review.author} · {formatMoment(review.createdAt, lang)}</p>
            <p className="mt-2 whitespace-pre-line">{review.comment}</p>
            {review.answer ? (
              <p className="mt-3 border-l-4 border-sea-200 pl-3 text-sm dark:border-white/20"><span className="font-semibold">{t("yourAnswer")}</span> {review.answer.text}</p>
            ) : (
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="intent" value="answer" />
                <input type="hidden" name="reviewId" value={review.id} />
                <FormAlert id={`answer-${review.id}-errors`} errors={errorsFor("answer", review.id)} />
                <label htmlFor={`answer-${review.id}`} className={labelClass}>{t("form.answer")}</label>
                <TextareaInput id={`answer-${review.id}`} name="answer" rows={2} required maxLength={MAX_COMMENT} defaultValue={valueFor("answer", review.id, "answer")} />
                <Button variant="primary" size="lg" type="submit"  disabled={busy}>{t("form.answerSubmit")}</Button>
              </Form>
            )}
          </article>
        ))}
      </section>
    </main>
  );
}
