import { useTranslation } from "react-i18next";
import { languageOf } from "#app/i18n";
import { formatMoment } from "#app/features/bookings";
import { numberFormat } from "#app/framework/intl";
import { useLang } from "#app/utils/use-lang";
import type { OfficialWarningView, ReasonView } from "#app/features/weather/weather";

/**
 * What makes a day unsafe, as every page that judges the weather says it (decision 031): the
 * figures against the boat's limits, and official warnings. An official warning is the issuer's
 * text, which is not ours to translate (issue 44): our own summary comes first, in the reader's
 * language and built from the warning's fields (level, what it is about, zone, from and to),
 * then the issuer's words as a quotation, with who issued them and in which language, marked
 * with that language for whoever reads the page aloud.
 */
export function useFigures() {
  const lang = useLang();
  const one = numberFormat(languageOf(lang).iso, { maximumFractionDigits: 1 });
  return { lang, n: (value: number) => one.format(value) };
}

export function OfficialWarning({ warning }: { warning: OfficialWarningView }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const level = t(`weather.level.${warning.level}`);
  const { kind, zone, onset, expires } = warning;
  // Decisions stored before the warnings kept their fields name only the level.
  const summary =
    kind && zone && onset && expires
      ? t("weather.warning.summary", { level, phenomenon: t(`weather.phenomenon.${kind}`), zone, from: formatMoment(onset, lang), to: formatMoment(expires, lang) })
      : level;
  // AEMET's words are Spanish unless the warning says otherwise.
  const language = warning.language ?? "es";
  return (
    <div className="space-y-1">
      <p className="font-semibold">{summary}</p>
      <figure className="text-sm">
        <figcaption className="text-slate-600 dark:text-slate-400">
          {t("weather.official.label", { issuer: warning.issuer ?? "AEMET", language: t(`weather.language.${language}`, { defaultValue: language }) })}
        </figcaption>
        <blockquote lang={language} className="mt-0.5 border-l-2 border-slate-300 pl-3 italic dark:border-white/20">
          {warning.headline}
        </blockquote>
      </figure>
    </div>
  );
}

export function WeatherReason({ reason }: { reason: ReasonView }) {
  const { t } = useTranslation("bookings");
  const { n } = useFigures();
  switch (reason.kind) {
    case "wind":
      return <>{t("weather.reason.wind", { force: reason.beaufort, limit: reason.limit })}</>;
    case "gusts":
      return <>{t("weather.reason.gusts", { knots: n(reason.knots), limit: n(reason.limit) })}</>;
    case "waves":
      return <>{t("weather.reason.waves", { metres: n(reason.metres), limit: n(reason.limit) })}</>;
    case "warning": {
      const { kind: _reason, about, ...warning } = reason;
      return <OfficialWarning warning={{ ...warning, kind: about }} />;
    }
  }
}
