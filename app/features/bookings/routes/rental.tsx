import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse, notFound } from "#app/.server/http/responses";
import { bookingAction, loadBookingDetail } from "#app/features/bookings/routes/bookings.server";
import { BookingDetail } from "#app/features/bookings/components/booking-pages";
import { seoMeta } from "#app/utils/meta";
import { OfflineBanner } from "#app/features/offline";

/**
 * /ajustes/gestion-de-alquileres/{id}: one booking of the owner's listing — the stay, the earnings,
 * the history, and the answers (`intent` = `accept`, `decline`, `cancel`). Anyone but the owner
 * gets a 404 (the renter is sent to their own page for it).
 */
export const handle = { i18n: ["bookings", "listing", "deposits", "offline", "seasons", "licences"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  const detail = await loadBookingDetail(ctx, "owner", user.uid, args.params.id ?? "");
  invariantResponse(detail.kind !== "not-found", ctx.request);
  if (detail.kind === "elsewhere") throw redirect(detail.to);
  return { meta: { title: ctx.t("owner.detail.meta"), description: ctx.t("owner.list.intro") }, detail };
}

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const result = await bookingAction(ctx, "owner", args.params.id ?? "");
  if (result.kind === "done") return ctx.redirectWithNotice(result.to, result.notice);
  if (result.refusal.status === 404) notFound(ctx.request);
  return data({ refusal: result.refusal }, { status: result.refusal.status });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Rental() {
  const { detail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <OfflineBanner />
      <BookingDetail side="owner" detail={detail} refusal={actionData?.refusal ?? null} />
    </>
  );
}
