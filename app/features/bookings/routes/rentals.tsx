import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { requestContext } from "#app/.server/http/request-context";
import { loadBookingList } from "#app/features/bookings/routes/bookings.server";
import { BookingList } from "#app/features/bookings/components/booking-pages";
import { seoMeta } from "#app/utils/meta";

/** /ajustes/gestion-de-alquileres: the owner's requests to answer (with the time left), upcoming and past bookings, each linking its page. */
export const handle = { i18n: ["bookings", "listing"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "bookings");
  const user = await ctx.requireUser();
  return { meta: { title: ctx.t("owner.list.meta"), description: ctx.t("owner.list.intro") }, groups: await loadBookingList(ctx, "owner", user.uid) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...seoMeta(data?.meta), { name: "robots", content: "noindex" }];

export default function Rentals() {
  return <BookingList side="owner" groups={useLoaderData<typeof loader>().groups} />;
}
