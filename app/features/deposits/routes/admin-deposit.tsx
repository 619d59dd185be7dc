import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { bookingFigures, moneyView } from "#app/features/bookings/.server";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { MoneyStory, StayDates } from "#app/features/bookings";
import { cardClass } from "#app/components/ui/card";
import { ClaimDetails } from "#app/features/deposits/components/deposit-claim";
import { ErrorList, FormAlert, hintClass, labelClass, Notice, TextareaInput, TextInput } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { MAX_CLAIM_TEXT, type ClaimReply } from "#app/features/deposits/deposits";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { decideSchema } from "../schemas.server";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { useLang } from "#app/utils/use-lang";
import { claimView, refusalOf } from "./deposit.server";
import { useNotice } from "#app/utils/notice";
import { usePending } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";
import { recordView } from "#app/features/handover/index.server";
import { HandoverRecord } from "#app/features/handover";
import { BookingLicence } from "#app/features/licences";
import { bookingLicenceView } from "#app/features/licences/index.server";

/**
 * /admin/fianzas/{bookingId}: one deposit claim for the team — the owner's reason and photos, the
 * renter's answer, the booking's money lines, the check-in and check-out, the renter's licence
 * copied to the booking (decision 063; the booking's id links the team's booking page) — and the
 * decision (`intent=decide`: the amount the owner keeps, 0 to the amount claimed, with a note both
 * people read). Admins only (others 403, signed-out people to sign in); a booking without a claim is a 404.
 */
export const handle = { i18n: ["admin", "deposits", "bookings", "listing", "licences"] };

async function load(ctx: RequestContext, bookingId: string) {
  const admin = await ctx.requireAdmin();
  const claim = await ctx.services.deposits.forBooking(bookingId, { uid: admin.uid, role: "admin" });
  invariantResponse(claim, ctx.request);
  return { admin, claim };
}

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "deposits");
  const { admin, claim } = await load(ctx, args.params.bookingId ?? "");
  const { bookings, users, listings } = ctx.services;
  const [found, people, listing, records] = await Promise.all([
    bookings.getFor(claim.bookingId, claim.ownerUid),
    users.getMany([claim.ownerUid, claim.renterUid]),
    listings.get(claim.listingId),
    ctx.services.handover.forBooking(claim.bookingId, { uid: "admin", role: "admin" }),
  ]);
  const checkOut = recordView(records?.checkOut ?? null);
  invariantResponse(found, ctx.request);
  const { booking } = found;
  // The licence copied to the booking (decision 063), beside the check-in that says it was seen.
  const licence = await bookingLicenceView(ctx, booking.id, { uid: admin.uid, role: "admin" }, booking.end);
  return {
    meta: { title: ctx.t("admin.detailMeta"), description: ctx.t("admin.intro") },
    title: await listings.titleOf(listing, ctx.lang),
    owner: people.get(claim.ownerUid)?.displayName ?? "—",
    renter: people.get(claim.renterUid)?.displayName ?? "—",
    booking: { id: booking.id, start: booking.start, end: booking.end, part: booking.part, days: booking.days, cancellationPolicy: booking.cancellationPolicy, money: moneyView(booking.money), figures: bookingFigures(booking) },
    claim: claimView(claim, checkOut?.photos ?? []),
    /** The trip's check-in and check-out beside the claim (decision 032). */
    handover: { checkIn: recordView(records?.checkIn ?? null), checkOut },
    licence,
  };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "deposits");
  const bookingId = args.params.bookingId ?? "";
  const { admin, claim } = await load(ctx, bookingId);
  const parsed = parseForm(await ctx.formData(), decideSchema, ctx.t);
  const intent = parsed.ok ? parsed.value.intent : (parsed.typed.intent ?? "");
  const reply = (status: number, body: ClaimReply) => data(body, { status });
  if (!parsed.ok && unknownIntent(parsed)) return reply(400, { intent, errors: { form: ctx.t("errors.unknown") } });
  const values = { kept: parsed.typed.kept ?? "", note: parsed.typed.note ?? "" };
  if (!parsed.ok) return reply(400, { intent, errors: parsed.fields, values });
  const { kept: keptCents, note } = parsed.value;
  try {
    await ctx.services.deposits.decide(admin.uid, bookingId, { keptCents, note });
  } catch (error) {
    const refusal = refusalOf(ctx, intent, error, { amountCents: claim.amountCents, depositCents: claim.depositCents });
    if (refusal.status === 404) notFound(ctx.request);
    return reply(refusal.status, { ...refusal.reply, values });
  }
  return ctx.redirectWithNotice(href("admin-deposit", { lang: ctx.lang, params: { bookingId } }), { key: "deposits:done.decide" });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function AdminDeposit() {
  const { t } = useTranslation("deposits");
  const lang = useLang();
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const notice = useNotice("deposits:done.decide");
  const busy = usePending({ untilIdle: true });
  const errors = reply?.errors ?? {};
  const values = reply?.values ?? {};
  const { claim, booking } = page;
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <p>
        <LocalizedLink to={href("admin-deposits")} className="text-sm font-semibold text-sea-800 underline dark:text-sea-200">{t("admin.back")}</LocalizedLink>
      </p>
      <header>
        <h1 className="text-3xl font-bold">{page.title}</h1>
        <p className="mt-1">{t("admin.people", { owner: page.owner, renter: page.renter })}</p>
        <p className="mt-1 text-sm">
          <StayDates stay={booking} /> · <LocalizedLink to={href("admin-booking", { params: { id: booking.id } })} className="font-mono underline">{booking.id}</LocalizedLink>
        </p>
      </header>
      {notice && !reply ? <Notice>{notice.text}</Notice> : null}
      {errors.form ? <FormAlert id="deposit-refusal" errors={[errors.form]} /> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <ClaimDetails claim={claim} />
        <section aria-labelledby="money-title" className={cardClass() + " self-start"}>
          <h2 id="money-title" className="text-xl font-bold">{t("admin.money")}</h2>
          <div className="mt-3"><MoneyStory money={booking.money} figures={booking.figures} side="owner" policy={booking.cancellationPolicy} /></div>
        </section>
      </div>
      <section aria-labelledby="handover-records-title" className={cardClass()}>
        <h2 id="handover-records-title" className="text-xl font-bold">{t("evidence.records")}</h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <HandoverRecord kind="check-in" record={page.handover.checkIn} engine={page.handover.checkIn?.fuelEighths != null} side="admin" />
          <HandoverRecord kind="check-out" record={page.handover.checkOut} engine={page.handover.checkOut?.fuelEighths != null} side="admin" />
        </div>
      </section>
      {page.licence ? <BookingLicence licence={page.licence} side="team" /> : null}
      {claim.status === "open" ? (
        <Form method="post" className={cardClass() + " space-y-4"} aria-labelledby="decide-title">
          <h2 id="decide-title" className="text-xl font-bold">{t("admin.decideTitle")}</h2>
          <input type="hidden" name="intent" value="decide" />
          <div>
            <label htmlFor="decide-kept" className={labelClass}>{t("admin.kept")}</label>
            <TextInput id="decide-kept" name="kept" inputMode="decimal" required defaultValue={values.kept ?? ""} aria-invalid={errors.kept ? true : undefined} aria-describedby="decide-kept-hint decide-kept-errors" className="mt-1 max-w-40" />
            <p id="decide-kept-hint" className={hintClass}>{t("admin.keptHint", { amount: formatEuros(claim.amountCents, lang) })}</p>
            <ErrorList id="decide-kept-errors" errors={errors.kept ? [errors.kept] : null} />
          </div>
          <div>
            <label htmlFor="decide-note" className={labelClass}>{t("admin.note")}</label>
            <TextareaInput id="decide-note" name="note" rows={4} required maxLength={MAX_CLAIM_TEXT} defaultValue={values.note ?? ""} aria-invalid={errors.note ? true : undefined} aria-describedby="decide-note-errors" className="mt-1 resize-y" />
            <ErrorList id="decide-note-errors" errors={errors.note ? [errors.note] : null} />
          </div>
          <Button variant="primary" size="lg" type="submit" disabled={busy}>{t("admin.submit")}</Button>
        </Form>
      ) : null}
    </main>
  );
}
