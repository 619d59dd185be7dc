import type { SubmissionResult } from "@conform-to/react";
import { Form, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { BoatSearch } from "#app/features/search/boat-search";
import { listingLimits } from "#app/features/listings";
import type { DockSearch } from "#app/features/listings";
import { boatTypes, dockKinds, licences, MAX_PEOPLE, MAX_SEARCH_PRICE_EUROS, skipperFilters, type BoatTypeId } from "#app/features/search/search-options";
import { compactFormData, toSearchParams } from "#app/features/listings";
import { useLocalizePath } from "#app/utils/use-lang";
import { LocalizedLink } from "#app/components/localized-link";
import { PlaceSuggestions } from "./place-suggestions";
import type { FieldErrors, SearchKind } from "./search-validation";
import { fieldProps, useSearchCheck } from "./use-search-check";
import { Button } from "#app/components/ui/button";

/**
 * The search pages' filters: plain GET forms that work without JavaScript (every field is in
 * the URL). With JavaScript a change submits at once (selects, checkboxes) or after a pause
 * (typed text, numbers and dates), through Remix without reloading the document, with empty
 * fields left out of the URL. The fields are checked first with the search's own zod schema,
 * fetched when a person starts using the form (use-search-check.ts): the page loads no schema
 * library, and a 400 page shows the server's messages (`lastResult`) the same way.
 */

// The filters' styles are classes of app/tailwind.css (`filter-*`): written once there, not in
// every field of the page (issue 47, decision 057). Their inputs stay raw, not the field kit's:
// `forms.tsx` imports conform, which the search page's scripts do not load (decision 019's budget).
const label = "filter-label";
const input = "filter-input";
const legend = "filter-legend";

export const BOAT_FILTERS_ID = "boat-filters";
export const DOCK_FILTERS_ID = "dock-filters";

/** How long typing waits before the search runs. */
const TYPING_DEBOUNCE_MS = 500;
const TYPED = new Set(["search", "text", "number", "date"]);

/**
 * Submits a filter form when one of its fields changes: at once for choices, after
 * TYPING_DEBOUNCE_MS for typed values. Each change adds a history entry, except that while a
 * person keeps typing in the same field the later searches replace the first one's entry.
 */
function useAutoSubmit() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ typedField: string | null; replace: boolean } | null>(null);
  const lastTypedField = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onFieldChange = useCallback((event: React.FormEvent<HTMLElement>) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const form = field.form;
    if (!form) return;
    clearTimeout(timer.current);
    const typed = field instanceof HTMLInputElement && TYPED.has(field.type);
    pending.current = { typedField: typed ? field.name : null, replace: typed && lastTypedField.current === field.name };
    timer.current = setTimeout(() => form.requestSubmit(), typed ? TYPING_DEBOUNCE_MS : 0);
  }, []);
  /** Whether the submission about to run should replace the current history entry. */
  const takeReplace = useCallback(() => {
    clearTimeout(timer.current);
    const submission = pending.current;
    pending.current = null;
    lastTypedField.current = submission?.typedField ?? null;
    return submission?.replace ?? false;
  }, []);
  return { onFieldChange, takeReplace };
}

/** The server's messages from a 400 page (conform's reply of the loader's check). */
function serverErrors(lastResult: SubmissionResult<string[]> | null): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(lastResult?.error ?? {})) if (messages && messages.length > 0) errors[name] = messages;
  return errors;
}

/** A filter's ids, ARIA state, messages and first value. */
type Field = ReturnType<typeof fieldProps> & { defaultValue: string };

/**
 * A filter form's fields and its JavaScript submission: the check first (an invalid form shows
 * why and is not sent), then a Remix GET navigation with a compact query string.
 */
function useFilterForm(options: {
  id: string;
  kind: SearchKind;
  action: string;
  /** The current query, as the form's initial values. */
  defaultValue: Record<string, string | number | boolean | undefined | null>;
  lastResult: SubmissionResult<string[]> | null;
  /** Fields whose empty value is sent (a preset page's "any type"). */
  keepEmpty?: string[];
  /** Values left out of the URL because they are what the page does anyway. */
  defaults?: Record<string, string>;
}) {
  const submit = useSubmit();
  const localize = useLocalizePath();
  const { onFieldChange, takeReplace } = useAutoSubmit();
  const { errors, check, recheck, preload } = useSearchCheck(options.kind, serverErrors(options.lastResult));
  // A 400 page shows what was asked (invalid values included), else the query.
  const values: Record<string, string> = options.lastResult?.initialValue
    ? Object.fromEntries(Object.entries(options.lastResult.initialValue).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])))
    : Object.fromEntries(toSearchParams(options.defaultValue));
  const field = (name: string): Field => ({ ...fieldProps(options.id, name, errors), defaultValue: values[name] ?? "" });
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const replace = takeReplace();
    void check(form).then((valid) => {
      if (!valid) return;
      const params = compactFormData(new FormData(form), options.defaults, options.keepEmpty);
      submit(params, { method: "get", action: localize(options.action), preventScrollReset: true, replace });
    });
  };
  const formProps = { id: options.id, noValidate: true, onSubmit, onFocus: preload, onInput: (event: React.FormEvent<HTMLFormElement>) => recheck(event.currentTarget) };
  return { field, formProps, onFieldChange };
}

/** A filter's messages (forms.tsx's ErrorList, without the form library that module brings). */
function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <ul id={id} className="filter-error" aria-live="polite">
      {errors?.map((message) => <li key={message}>{message}</li>)}
    </ul>
  );
}

/** A filter form: a GET search form (`useFilterForm`'s props) of fieldsets, then the submit button and the clear link. */
function FilterForm({
  form,
  action,
  label: name,
  children,
}: {
  form: Pick<ReturnType<typeof useFilterForm>, "formProps" | "onFieldChange">;
  action: string;
  label: string;
  children: React.ReactNode;
}) {
  // Without JavaScript the browser sends the form to its `action`: the page in its own language.
  const localize = useLocalizePath();
  return (
    <Form method="get" action={localize(action)} {...form.formProps} onChange={form.onFieldChange} role="search" aria-label={name} className="space-y-6">
      {children}
      <FormActions clearTo={action} />
    </Form>
  );
}

function FormActions({ clearTo }: { clearTo: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="flex flex-wrap items-center gap-3 pt-2">
      <Button>
        {t("filters.submit")}
      </Button>
      <LocalizedLink to={clearTo} className="text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
        {t("filters.clear")}
      </LocalizedLink>
    </div>
  );
}

type FieldMeta = Field;
type PortOption = { slug: string; name: string; city: string; region: string };

/** A filter: its label, its control (`children`) and its errors. */
function FilterField({ field, label: text, children }: { field: FieldMeta; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className={label}>{text}</label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A choice among `options`, the first one (`any`) choosing none. */
function ChoiceField({ field, label: text, any, options }: { field: FieldMeta; label: string; any: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <FilterField field={field} label={text}>
      <select {...field.control} defaultValue={field.defaultValue} className={input}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
    </FilterField>
  );
}

/** A number from `min` to `max` (whole numbers unless `step` says otherwise). */
function NumberField({
  field,
  label: text,
  min,
  max,
  step,
  inputMode = "numeric",
}: {
  field: FieldMeta;
  label: string;
  min: number;
  max: number;
  step?: number;
  inputMode?: "numeric" | "decimal";
}) {
  return (
    <FilterField field={field} label={text}>
      <input {...field.control} type="number" defaultValue={field.defaultValue} min={min} max={max} step={step} inputMode={inputMode} className={input} />
    </FilterField>
  );
}

/** The lowest and highest price, in whole euros. */
function PriceRangeFields({ min, max }: { min: FieldMeta; max: FieldMeta }) {
  const { t } = useTranslation("search");
  return (
    <div className="grid grid-cols-2 gap-3">
      <NumberField field={min} label={t("filters.minPrice")} min={0} max={MAX_SEARCH_PRICE_EUROS} step={1} />
      <NumberField field={max} label={t("filters.maxPrice")} min={0} max={MAX_SEARCH_PRICE_EUROS} step={1} />
    </div>
  );
}

/** Where: free text (a port, town or region), suggesting the towns, ports and regions of Amarre. */
function PlaceField({ field, ports, listId }: { field: FieldMeta; ports: PortOption[]; listId: string }) {
  const { t } = useTranslation("search");
  return (
    <FilterField field={field} label={t("filters.place")}>
      <input {...field.control} type="search" defaultValue={field.defaultValue} maxLength={80} list={listId} placeholder={t("filters.placePlaceholder")} autoComplete="off" className={input} />
      <PlaceSuggestions id={listId} ports={ports} />
    </FilterField>
  );
}

/**
 * The sort order, shown above the results but part of a filter form through its `form`
 * attribute (so it travels with the filters, with or without JavaScript). Remount it with the
 * form (same `key`) when the URL changes from elsewhere.
 */
export function SortSelect({ formId, value, options }: { formId: string; value: string; options: readonly string[] }) {
  const { t } = useTranslation("search");
  const id = `${formId}-sort`;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{t("sort.label")}</label>
      <select
        id={id}
        name="sort"
        form={formId}
        defaultValue={value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm dark:border-white/15 dark:bg-sea-950 dark:text-white"
      >
        {options.map((option) => (
          <option key={option} value={option}>{t(`sort.${option}`)}</option>
        ))}
      </select>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Boats

export function BoatSearchFilters({
  query,
  lastResult,
  ports,
  preset,
  action,
}: {
  query: BoatSearch;
  lastResult: SubmissionResult<string[]> | null;
  ports: PortOption[];
  /** The page's preset type: choosing another type leaves the page for the canonical search. */
  preset: BoatTypeId | null;
  /** The page's unprefixed path (the form's action). */
  action: string;
  /** Whether to say that dates do not filter yet (what the search service says). */
}) {
  const { t } = useTranslation(["search", "listing"]);
  const { field, formProps, onFieldChange } = useFilterForm({
    id: BOAT_FILTERS_ID,
    kind: "boat",
    action,
    defaultValue: { ...query, type: query.type ?? preset ?? undefined, sort: undefined, page: undefined },
    lastResult,
    keepEmpty: preset ? ["type"] : [],
    defaults: preset ? { sort: "relevance", type: preset } : { sort: "relevance" },
  });
  const fields = Object.fromEntries(["type", "place", "from", "to", "people", "minPrice", "maxPrice", "licence", "skipper", "instantBooking"].map((name) => [name, field(name)]));
  return (
    <FilterForm form={{ formProps, onFieldChange }} action={action} label={t("filters.label")}>
      <fieldset className="space-y-4">
        <legend className={legend}>{t("filters.trip")}</legend>
        <ChoiceField field={fields.type} label={t("filters.type")} any={t("filters.anyType")} options={boatTypes.map((type) => ({ value: type.id, label: t(`listing:boatTypes.${type.id}`) }))} />
        <PlaceField field={fields.place} ports={ports} listId="boat-filters-places" />
        {/* A date field is about 11rem wide in every language: two side by side only where the form is that wide (not the 18rem sidebar, not a phone). */}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
          <FilterField field={fields.from} label={t("filters.from")}>
            <input {...fields.from.control} type="date" defaultValue={fields.from.defaultValue} aria-describedby={fields.from.errorId} className={input} />
          </FilterField>
          <FilterField field={fields.to} label={t("filters.to")}>
            <input {...fields.to.control} type="date" defaultValue={fields.to.defaultValue} aria-describedby={fields.to.errorId} className={input} />
          </FilterField>
        </div>
        <NumberField field={fields.people} label={t("filters.people")} min={1} max={MAX_PEOPLE} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t("filters.pricePerDay")}</legend>
        <PriceRangeFields min={fields.minPrice} max={fields.maxPrice} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t("filters.conditions")}</legend>
        <ChoiceField field={fields.licence} label={t("filters.licence")} any={t("filters.anyLicence")} options={licences.map((licence) => ({ value: licence, label: t(`filters.licenceHeld.${licence}`) }))} />
        <ChoiceField field={fields.skipper} label={t("filters.skipper")} any={t("filters.anySkipper")} options={skipperFilters.map((option) => ({ value: option, label: t(`filters.skipperOptions.${option}`) }))} />
        <div className="flex items-start gap-2">
          <input {...fields.instantBooking.control} type="checkbox" defaultChecked={fields.instantBooking.defaultValue === "on"} className="mt-1 size-4 rounded border-slate-300 text-sea-700 focus:ring-sea-500" />
          <label htmlFor={fields.instantBooking.id} className="text-sm text-slate-700 dark:text-slate-200">{t("filters.instantBooking")}</label>
        </div>
      </fieldset>
    </FilterForm>
  );
}

// ---------------------------------------------------------------------------------------------
// Docks

export function DockSearchFilters({
  query,
  lastResult,
  ports,
  action,
}: {
  query: DockSearch;
  lastResult: SubmissionResult<string[]> | null;
  ports: PortOption[];
  action: string;
}) {
  const { t } = useTranslation(["search", "listing"]);
  const { field, formProps, onFieldChange } = useFilterForm({
    id: DOCK_FILTERS_ID,
    kind: "dock",
    action,
    defaultValue: { ...query, sort: undefined, page: undefined },
    lastResult,
    defaults: { sort: "newest" },
  });
  const fields = Object.fromEntries(["kind", "place", "minLengthM", "minBeamM", "minDepthM", "minPrice", "maxPrice"].map((name) => [name, field(name)]));
  const limits = listingLimits.dock;
  return (
    <FilterForm form={{ formProps, onFieldChange }} action={action} label={t("docks.filtersLabel")}>
      <fieldset className="space-y-4">
        <legend className={legend}>{t("docks.what")}</legend>
        <ChoiceField field={fields.kind} label={t("docks.kind")} any={t("docks.anyKind")} options={dockKinds.map((kind) => ({ value: kind, label: t(`listing:dockKinds.${kind}`) }))} />
        <PlaceField field={fields.place} ports={ports} listId="dock-filters-places" />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t("docks.boatSize")}</legend>
        <NumberField field={fields.minLengthM} label={t("docks.minLength")} min={0} max={limits.maxLengthM.max} step={0.1} inputMode="decimal" />
        <NumberField field={fields.minBeamM} label={t("docks.minBeam")} min={0} max={limits.maxBeamM.max} step={0.1} inputMode="decimal" />
        <NumberField field={fields.minDepthM} label={t("docks.minDepth")} min={0} max={limits.depthM.max} step={0.1} inputMode="decimal" />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className={legend}>{t("docks.price")}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("docks.priceHint")}</p>
        <PriceRangeFields min={fields.minPrice} max={fields.maxPrice} />
      </fieldset>
    </FilterForm>
  );
}
