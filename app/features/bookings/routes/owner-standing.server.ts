import type { RequestContext } from "#app/.server/http/request-context";
import type { getFixedT } from "#app/.server/i18n";
import { numberFormat } from "#app/framework/intl";
import { languageOf } from "#app/i18n";
import type { StandingFigures } from "#app/features/bookings/.server";
import type { OwnerStandingView } from "#app/features/bookings/components/owner-standing";

/**
 * The owner's standing as the boat page and the public profile show it (docs/PRODUCT.md "The
 * owner's standing"), worded on the server in the page's language ("Responde en menos de 1 hora ·
 * 98 %"), so neither page loads the `standing` messages in the browser. One store read.
 */
export async function ownerStandingOf(ctx: Pick<RequestContext, "services" | "lang" | "tFor">, ownerUid: string): Promise<OwnerStandingView> {
  return standingView(await ctx.services.bookings.ownerStanding(ownerUid), ctx.tFor("standing"), languageOf(ctx.lang).iso);
}

export function standingView(figures: StandingFigures, t: ReturnType<typeof getFixedT>, iso: string): OwnerStandingView {
  const percent = numberFormat(iso, { style: "percent", maximumFractionDigits: 0 });
  const rate = figures.responseRate === null ? null : percent.format(figures.responseRate / 100);
  const acceptance = figures.acceptanceRate === null ? null : percent.format(figures.acceptanceRate / 100);
  const known = rate !== null;
  return {
    badge: figures.badge ? { label: t("badge"), text: t("badgeText") } : null,
    // No answer at all (every request expired): slower than a day.
    summary: known ? t("summary", { speed: t(`speed.${figures.speed ?? "more"}`), rate }) : null,
    rates: known ? t("rates", { rate, acceptance: acceptance ?? percent.format(0) }) : null,
    newOwner: known ? null : t("new"),
    cancellations: figures.cancellations > 0 ? t("cancellations", { count: figures.cancellations }) : known ? t("noCancellations") : null,
  };
}
