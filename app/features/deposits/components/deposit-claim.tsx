import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { LocalizedLink } from "#app/components/localized-link";
import { formatEuros } from "#app/utils/money";
import { formatMoment, type BookingView } from "#app/features/bookings";
import type { ClaimPhotoView, ClaimView } from "#app/features/deposits/deposits";
import { href } from "#app/utils/href";
import { useLang } from "#app/utils/use-lang";

/**
 * The deposit claim's pieces: the link from a booking's page to its deposit page, and the claim
 * as both people and the team read it (the owner's reason and photos, the renter's answer, the
 * team's decision). Texts in the `deposits` namespace.
 */

/** On a booking's page: the way to its deposit page, once the trip is over and has a deposit (the owner), or once it is claimed (the renter). */
export function DepositClaimLink({ side, booking }: { side: "renter" | "owner"; booking: Pick<BookingView, "id" | "status" | "money"> }) {
  const { t } = useTranslation("deposits");
  const deposit = booking.money.lines.find((line) => line.id === "deposit");
  const claimed = deposit?.state === "disputed" || booking.money.lines.some((line) => line.id === "claim");
  if (!deposit || booking.status !== "completed" || (side === "renter" && !claimed)) return null;
  return (
    <p className="mt-3">
      <LocalizedLink
        to={href(side === "owner" ? "settings-rental-deposit" : "settings-reservation-deposit", { params: { id: booking.id } })}
        className={buttonClass("secondary", "md") + " inline-block"}
        data-deposit-link
      >
        {t(`link.${side}`)}
      </LocalizedLink>
    </p>
  );
}

function Photos({ photos }: { photos: ClaimPhotoView[] }) {
  const { t } = useTranslation("deposits");
  if (photos.length === 0) return null;
  return (
    <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img src={photo.url} width={photo.width} height={photo.height} alt={t("claim.photo", { n: i + 1 })} loading="lazy" className="h-auto w-full rounded-lg border border-slate-200 dark:border-white/10" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ClaimDetails({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation("deposits");
  const lang = useLang();
  const euros = (cents: number) => formatEuros(cents, lang);
  return (
    <section aria-labelledby="claim-title" className={cardClass()} data-claim-status={claim.status}>
      <h2 id="claim-title" className="text-xl font-bold">{t("claim.title")}</h2>
      <p className="mt-2 font-semibold">{t(`claim.status.${claim.status}`)}</p>
      <p className="mt-1 text-sm">
        {t("claim.amount", { amount: euros(claim.amountCents), deposit: euros(claim.depositCents) })} · {t("claim.on", { date: formatMoment(claim.createdAt, lang) })}
      </p>
      <h3 className="mt-4 font-semibold">{t("claim.reason")}</h3>
      <p className="mt-1 whitespace-pre-line text-sm" data-claim-reason>{claim.reason}</p>
      <Photos photos={claim.photos} />
      {claim.evidence ? (
        <div data-claim-evidence>
          <h3 className="mt-4 font-semibold">{t("evidence.shown")}</h3>
          {claim.evidence.quote ? <p className="mt-1 whitespace-pre-line text-sm">{t("evidence.quoted", { quote: claim.evidence.quote })}</p> : null}
          <Photos photos={claim.evidence.photos} />
        </div>
      ) : null}
      <h3 className="mt-5 font-semibold">{t("claim.answer")}</h3>
      {claim.answer ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{formatMoment(claim.answer.at, lang)}</p>
          <p className="mt-1 whitespace-pre-line text-sm" data-claim-answer>{claim.answer.text}</p>
          <Photos photos={claim.answer.photos} />
        </>
      ) : (
        <p className="mt-1 text-sm">{t("claim.noAnswer")}</p>
      )}
      {claim.decision ? (
        <div className="mt-5 rounded-lg bg-sea-50 p-3 text-sm dark:bg-white/5" data-claim-decision>
          <p className="font-semibold">{t("claim.decision", { kept: euros(claim.decision.keptCents) })}</p>
          <p className="mt-2 font-semibold">{t("claim.note")}</p>
          <p className="mt-1 whitespace-pre-line">{claim.decision.note}</p>
        </div>
      ) : null}
      {claim.depositReleasedBefore ? <p className="mt-3 text-sm" data-claim-released-before>{t("claim.releasedBefore", { date: formatMoment(claim.depositReleasedBefore, lang) })}</p> : null}
    </section>
  );
}
