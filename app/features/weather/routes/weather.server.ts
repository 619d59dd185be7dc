import { isBookingError, type Booking } from "#app/features/bookings/.server";
import type { Listing } from "#app/features/listings/.server";
import type { RequestContext } from "#app/.server/http/request-context";
import { asRefusal, type Refusal } from "#app/features/bookings/index.server";
import { href } from "#app/utils/href";
import type { WeatherPanelView } from "#app/features/weather/weather";
import { type FlashNotice } from "#app/utils/notice";
import type { WeatherForm } from "#app/features/bookings/index.server";

/**
 * Weather-safe trips on the booking pages (decision 031): what the page shows of the forecast and
 * the decisions taken, and the two POSTs (`intent=weather-cancel`, `intent=weather-move` with
 * `start`) open to both sides of a confirmed trip the forecast makes unsafe.
 */
type Side = "renter" | "owner";
const pageOf = { renter: "settings-reservation", owner: "settings-rental" } as const;

export async function weatherPanel(ctx: RequestContext, booking: Booking, listing: Listing | null): Promise<WeatherPanelView | null> {
  const decisions = (booking.weather ?? []).map(({ uid: _uid, ...decision }) => decision);
  const upcoming = booking.status === "confirmed" && booking.startsAt > new Date().toISOString();
  if (!upcoming && decisions.length === 0) return null;
  const trip = upcoming && listing ? await ctx.services.weather.forTrip(listing, booking) : null;
  if (!trip && decisions.length === 0) return null;
  return { trip, decisions, canAct: upcoming && trip?.status === "forecast" && trip.unsafe, days: booking.days };
}

export const WEATHER_INTENTS = ["weather-cancel", "weather-move"] as const;

/**
 * A refused weather form, as the panel shows it beside the form (`values.intent` says which): a
 * field's message under that field (the move's `start`: its format, a past day, days taken —
 * 409), any other under the panel's heading. The day typed is kept.
 */
export function weatherRefusal(refusal: Refusal, form: { intent: WeatherForm["intent"]; start?: string }): Refusal {
  const values = { intent: form.intent, ...(form.start === undefined ? {} : { start: form.start }) };
  return { ...refusal, fields: refusal.field ? { [refusal.field]: refusal.message } : { form: refusal.message }, values };
}

export async function weatherAction(ctx: RequestContext, side: Side, uid: string, id: string, form: WeatherForm) {
  const intent = form.intent;
  try {
    if (form.intent === "weather-cancel") await ctx.services.bookings.cancelForWeather(id, uid, side);
    else await ctx.services.bookings.moveForWeather(id, uid, side, form.start);
  } catch (error) {
    const refusal = asRefusal(error, ctx.t) as Refusal;
    if (refusal.status === 404) return { kind: "refused" as const, refusal };
    // The move's new days are taken: the date field's message, not the booking form's.
    const taken = form.intent === "weather-move" && isBookingError(error, "taken");
    return { kind: "refused" as const, refusal: weatherRefusal(taken ? { status: 409, field: "start", message: ctx.t("bookings:errors.start.taken") } : refusal, form) };
  }
  return { kind: "done" as const, to: href(pageOf[side], { lang: ctx.lang, params: { id } }), notice: { key: `bookings:done.${intent}` } as FlashNotice };
}
