import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { bookingAction, loadBookingDetail } from "#app/features/bookings/routes/bookings.server";
import { BookingDetail } from "#app/features/bookings/components/booking-pages";
import { CHECKOUT_REFRESH_SECONDS, checkoutReturn } from "#app/features/bookings/view";
import { seoMeta } from "#app/utils/meta";
import { OfflineBanner } from "#app/features/offline";

/**
 * /ajustes/mis-reservas/{id}: one booking for its renter — the stay, the price and payment, the
 * history, and cancelling (`intent=cancel`) with the refund shown before the button. Anyone but
 * the renter gets a 404 (the listing's owner is sent to their own page for it).
 */
export const handle = { i18n: ["bookings", "listing", "deposits", "offline", "seasons", "licences"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  const detail = await loadBookingDetail(ctx, "renter", user.uid, args.params.id ?? "");
  invariantResponse(detail.kind !== "not-found", ctx.request);
  if (detail.kind === "elsewhere") throw redirect(detail.to);
  return { meta: { title: ctx.t("renter.detail.meta"), description: ctx.t("renter.list.intro") }, detail, checkout: checkoutReturn(ctx.url.searchParams.get("checkout"), detail.booking.status) };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const result = await bookingAction(ctx, "renter", args.params.id ?? "");
  if (result.kind === "done") return ctx.redirectWithNotice(result.to, result.notice);
  if (result.refusal.status === 404) notFound(ctx.request);
  return data({ refusal: result.refusal }, { status: result.refusal.status });
}

/**
 * Back from the provider's checkout (Stripe's return, `?checkout=complete` or `cancelled`): the
 * banner says where the booking stands. Paid but not yet confirmed by the provider's webhook
 * (seconds, usually), the page reloads itself every few seconds, with or without JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...seoMeta(data?.meta),
  { name: "robots", content: "noindex" },
  ...(data?.checkout === "paying" ? [{ httpEquiv: "refresh", content: String(CHECKOUT_REFRESH_SECONDS) } as const] : []),
];

export default function Reservation() {
  const { detail, checkout } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <OfflineBanner />
      <BookingDetail side="renter" detail={detail} refusal={actionData?.refusal ?? null} checkout={checkout} />
    </>
  );
}
