import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BOAT_SEARCH_PATH, boatTypes, MAX_PEOPLE } from "#app/features/search/search-options";
import { useCompactGetSubmit } from "#app/utils/use-compact-get-submit";
import { useLocalizePath } from "#app/utils/use-lang";
import { PlaceSuggestions } from "./place-suggestions";

type PortOption = { slug: string; name: string; city: string; region: string };

const FORM_ID = "boat-search";

/**
 * Type, place, dates and people: a plain GET form to the boat search (it works without
 * JavaScript). The browser checks what it can by itself (a number of people from 1 to
 * MAX_PEOPLE, a place of at most 80 characters, and, as the dates change, a return date not
 * before the start and a start date when there is a return date); the search page checks the
 * rest with its schema and answers a wrong query with its messages beside the filters. The
 * home page loads no schema library (issue 13's JavaScript budget).
 */
export function BoatSearchForm({ ports }: { ports: PortOption[] }) {
  const { t } = useTranslation("home");
  const localize = useLocalizePath();
  const submitClean = useCompactGetSubmit();
  const id = (name: string) => `${FORM_ID}-${name}`;
  /** The dates' rules, as the browser's own constraints. */
  const onDateChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const from = form.elements.namedItem("from");
    const to = form.elements.namedItem("to");
    if (!(from instanceof HTMLInputElement) || !(to instanceof HTMLInputElement)) return;
    to.min = from.value;
    from.required = to.value !== "";
  };

  const label = "block text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400";
  // Raw inputs with the kit's look (`inputClass` of forms.tsx, copied): home's scripts are at their
  // budget (decision 019) and `forms.tsx` would bring conform with it.
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-sea-500 focus:ring-2 focus:ring-sea-500/30 focus:outline-none aria-[invalid]:border-coral-500 dark:border-white/15 dark:bg-sea-950 dark:text-white";

  return (
    <Form
      method="get"
      action={localize(BOAT_SEARCH_PATH)}
      id={FORM_ID}
      onChange={onDateChange}
      // With JavaScript, blank fields stay out of the URL (without it, the search redirects to the clean URL).
      onSubmit={submitClean}
      aria-label={t("search.label")}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-900/5 sm:grid-cols-2 lg:grid-cols-[1.1fr_1.4fr_1fr_1fr_0.7fr_auto] lg:items-start dark:bg-sea-900/60 dark:ring-white/10"
    >
      <div>
        <label htmlFor={id("type")} className={label}>{t("search.type")}</label>
        <select id={id("type")} name="type" defaultValue="" className={input}>
          <option value="">{t("search.anyType")}</option>
          {boatTypes.map((type) => (
            <option key={type.id} value={type.id}>{t(`categories.${type.id}.name`)}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id("place")} className={label}>{t("search.place")}</label>
        <input
          id={id("place")}
          name="place"
          type="search"
          maxLength={80}
          list="boat-search-places"
          placeholder={t("search.placePlaceholder")}
          autoComplete="off"
          className={input}
        />
        <PlaceSuggestions id="boat-search-places" ports={ports} />
      </div>
      <div>
        <label htmlFor={id("from")} className={label}>{t("search.from")}</label>
        <input id={id("from")} name="from" type="date" className={input} />
      </div>
      <div>
        <label htmlFor={id("to")} className={label}>{t("search.to")}</label>
        <input id={id("to")} name="to" type="date" className={input} />
      </div>
      <div>
        <label htmlFor={id("people")} className={label}>{t("search.people")}</label>
        <input id={id("people")} name="people" type="number" min={1} max={MAX_PEOPLE} step={1} inputMode="numeric" className={input} />
      </div>
      {/* Raw: home's search box; Button is in the listings chunk, which home must not load (its JS budget is full). */}
      <button
        type="submit"
        className="self-end rounded-lg bg-coral-500 px-6 py-3 font-semibold text-white shadow hover:bg-coral-600 lg:mt-5"
      >
        {t("search.submit")}
      </button>
    </Form>
  );
}
