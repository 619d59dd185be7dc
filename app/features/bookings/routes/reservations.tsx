import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { requestContext } from "#app/.server/http/request-context";
import { loadBookingList } from "#app/features/bookings/routes/bookings.server";
import { BookingList } from "#app/features/bookings/components/booking-pages";
import { seoMeta } from "#app/utils/meta";

/** /ajustes/mis-reservas: the renter's trips — upcoming, requests waiting, past, cancelled — each linking its page. */
export const handle = { i18n: ["bookings", "listing"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  return { meta: { title: ctx.t("renter.list.meta"), description: ctx.t("renter.list.intro") }, groups: await loadBookingList(ctx, "renter", user.uid) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Reservations() {
  return <BookingList side="renter" groups={useLoaderData<typeof loader>().groups} />;
}
