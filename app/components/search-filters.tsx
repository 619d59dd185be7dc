import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import {
  boatSearchSchema,
  boatTypes,
  licences,
  MAX_PEOPLE,
  MAX_SEARCH_PRICE_EUROS,
  skipperFilters,
  type BoatSearch,
  type BoatTypeId,
} from "#app/utils/boat-search";
import { dockKinds, dockSearchSchema, listingLimits, type DockSearch } from "#app/utils/listing-schemas";
import { compactFormData, toSearchParams } from "#app/utils/listing-view";
import { useLocalizePath } from "#app/utils/use-lang";
import { zodErrorMap } from "#app/utils/zod-errors";
import { ErrorList } from "./forms";
import { LocalizedLink } from "./localized-link";

/**
 * The search pages' filters: plain GET forms that work without JavaScript (every field is in
 * the URL). With JavaScript a change submits at once (selects, checkboxes) or after a pause
 * (typed text, numbers and dates), through Remix without reloading the document, with empty
 * fields left out of the URL; conform checks the fields first with the search's own zod schema.
 */

const label = "block text-sm font-medium text-slate-700 dark:text-slate-200";
const input =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-sea-500 focus:ring-2 focus:ring-sea-500/30 focus:outline-none aria-[invalid]:border-coral-500 dark:border-white/15 dark:bg-sea-950 dark:text-white";
const legend = "text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400";

export const BOAT_FILTERS_ID = "boat-filters";
export const DOCK_FILTERS_ID = "dock-filters";

/** The name of the button conform submits its intents (validate, reset…) with. */
const CONFORM_INTENT = "__intent__";

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

/**
 * conform's form plus the JavaScript submission: validation first (conform prevents an invalid
 * submission and shows why), then a Remix GET navigation with a compact query string.
 */
function useFilterForm<Schema extends z.ZodTypeAny>(options: {
  id: string;
  schema: Schema;
  action: string;
  /** The current query, as the form's initial values. */
  defaultValue: Record<string, string | number | boolean | undefined | null>;
  lastResult: SubmissionResult<string[]> | null;
  /** Fields whose empty value is sent (a preset page's "any type"). */
  keepEmpty?: string[];
  /** Values left out of the URL because they are what the page does anyway. */
  defaults?: Record<string, string>;
}) {
  const { t } = useTranslation(["search", "zod", "validation"]);
  const submit = useSubmit();
  const localize = useLocalizePath();
  const { onFieldChange, takeReplace } = useAutoSubmit();
  const [form, fields] = useForm({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: Object.fromEntries(toSearchParams(options.defaultValue)),
    constraint: getZodConstraint(options.schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema, errorMap: zodErrorMap(t) }),
  });
  const formProps = getFormProps(form);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    // conform revalidates a field as it changes by submitting an intent (never a search):
    // that must not cancel the search the change itself scheduled.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT) return;
    if (event.defaultPrevented) {
      takeReplace();
      return;
    }
    event.preventDefault();
    const params = compactFormData(new FormData(event.currentTarget), options.defaults, options.keepEmpty);
    submit(params, { method: "get", action: localize(options.action), preventScrollReset: true, replace: takeReplace() });
  };
  return { form, fields, formProps: { ...formProps, onSubmit }, onFieldChange };
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return <ErrorList id={id} errors={errors} />;
}

function FormActions({ clearTo }: { clearTo: string }) {
  const { t } = useTranslation("search");
  return (
    <div className="flex flex-wrap items-center gap-3 pt-2">
      <button type="submit" className="rounded-lg bg-sea-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-sea-800">
        {t("filters.submit")}
      </button>
      <LocalizedLink to={clearTo} className="text-sm font-semibold text-sea-700 hover:underline dark:text-sea-300">
        {t("filters.clear")}
      </LocalizedLink>
    </div>
  );
}

type PortOption = { slug: string; name: string; city: string };

/** Where: free text (a port, town or region), suggesting the towns and ports of Amarre. */
function PlaceField({ field, ports, listId }: { field: Parameters<typeof getInputProps>[0]; ports: PortOption[]; listId: string }) {
  const { t } = useTranslation("search");
  const cities = [...new Map(ports.map((port) => [port.city, port])).values()];
  return (
    <div>
      <label htmlFor={field.id} className={label}>{t("filters.place")}</label>
      <input {...getInputProps(field, { type: "search" })} list={listId} placeholder={t("filters.placePlaceholder")} autoComplete="off" className={input} />
      <datalist id={listId}>
        {cities.map((port) => (
          <option key={`city-${port.city}`} value={port.city} />
        ))}
        {ports.map((port) => (
          <option key={port.slug} value={port.name}>{port.city}</option>
        ))}
      </datalist>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
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
  showDatesNote,
}: {
  query: BoatSearch;
  lastResult: SubmissionResult<string[]> | null;
  ports: PortOption[];
  /** The page's preset type: choosing another type leaves the page for the canonical search. */
  preset: BoatTypeId | null;
  /** The page's unprefixed path (the form's action). */
  action: string;
  /** Whether to say that dates do not filter yet (what the search service says). */
  showDatesNote: boolean;
}) {
  const { t } = useTranslation(["search", "listing"]);
  const { fields, formProps, onFieldChange } = useFilterForm({
    id: BOAT_FILTERS_ID,
    schema: boatSearchSchema,
    action,
    defaultValue: { ...query, type: query.type ?? preset ?? undefined, sort: undefined, page: undefined },
    lastResult,
    keepEmpty: preset ? ["type"] : [],
    defaults: preset ? { sort: "relevance", type: preset } : { sort: "relevance" },
  });
  const datesNoteId = "boat-filters-dates-note";
  return (
    <Form method="get" action={action} {...formProps} onChange={onFieldChange} role="search" aria-label={t("filters.label")} className="space-y-6">
        <fieldset className="space-y-4">
          <legend className={legend}>{t("filters.trip")}</legend>
          <div>
            <label htmlFor={fields.type.id} className={label}>{t("filters.type")}</label>
            <select {...getSelectProps(fields.type)} className={input}>
              <option value="">{t("filters.anyType")}</option>
              {boatTypes.map((type) => (
                <option key={type.id} value={type.id}>{t(`listing:boatTypes.${type.id}`)}</option>
              ))}
            </select>
            <FieldError id={fields.type.errorId} errors={fields.type.errors} />
          </div>
          <PlaceField field={fields.place} ports={ports} listId="boat-filters-places" />
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={fields.from.id} className={label}>{t("filters.from")}</label>
              <input {...getInputProps(fields.from, { type: "date" })} aria-describedby={showDatesNote ? `${datesNoteId} ${fields.from.errorId}` : fields.from.errorId} className={input} />
              <FieldError id={fields.from.errorId} errors={fields.from.errors} />
            </div>
            <div>
              <label htmlFor={fields.to.id} className={label}>{t("filters.to")}</label>
              <input {...getInputProps(fields.to, { type: "date" })} aria-describedby={showDatesNote ? `${datesNoteId} ${fields.to.errorId}` : fields.to.errorId} className={input} />
              <FieldError id={fields.to.errorId} errors={fields.to.errors} />
            </div>
          </div>
          {showDatesNote ? (
            <p id={datesNoteId} className="rounded-lg bg-sand-50 px-3 py-2 text-xs text-slate-700 dark:bg-white/5 dark:text-slate-300">
              {t("filters.datesNote")}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.people.id} className={label}>{t("filters.people")}</label>
            <input {...getInputProps(fields.people, { type: "number" })} min={1} max={MAX_PEOPLE} inputMode="numeric" className={input} />
            <FieldError id={fields.people.errorId} errors={fields.people.errors} />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className={legend}>{t("filters.pricePerDay")}</legend>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={fields.minPrice.id} className={label}>{t("filters.minPrice")}</label>
              <input {...getInputProps(fields.minPrice, { type: "number" })} min={0} max={MAX_SEARCH_PRICE_EUROS} step={1} inputMode="numeric" className={input} />
              <FieldError id={fields.minPrice.errorId} errors={fields.minPrice.errors} />
            </div>
            <div>
              <label htmlFor={fields.maxPrice.id} className={label}>{t("filters.maxPrice")}</label>
              <input {...getInputProps(fields.maxPrice, { type: "number" })} min={0} max={MAX_SEARCH_PRICE_EUROS} step={1} inputMode="numeric" className={input} />
              <FieldError id={fields.maxPrice.errorId} errors={fields.maxPrice.errors} />
            </div>
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className={legend}>{t("filters.conditions")}</legend>
          <div>
            <label htmlFor={fields.licence.id} className={label}>{t("filters.licence")}</label>
            <select {...getSelectProps(fields.licence)} className={input}>
              <option value="">{t("filters.anyLicence")}</option>
              {licences.map((licence) => (
                <option key={licence} value={licence}>{t(`filters.licenceHeld.${licence}`)}</option>
              ))}
            </select>
            <FieldError id={fields.licence.errorId} errors={fields.licence.errors} />
          </div>
          <div>
            <label htmlFor={fields.skipper.id} className={label}>{t("filters.skipper")}</label>
            <select {...getSelectProps(fields.skipper)} className={input}>
              <option value="">{t("filters.anySkipper")}</option>
              {skipperFilters.map((option) => (
                <option key={option} value={option}>{t(`filters.skipperOptions.${option}`)}</option>
              ))}
            </select>
            <FieldError id={fields.skipper.errorId} errors={fields.skipper.errors} />
          </div>
          <div className="flex items-start gap-2">
            <input {...getInputProps(fields.instantBooking, { type: "checkbox" })} className="mt-1 size-4 rounded border-slate-300 text-sea-700 focus:ring-sea-500" />
            <label htmlFor={fields.instantBooking.id} className="text-sm text-slate-700 dark:text-slate-200">{t("filters.instantBooking")}</label>
          </div>
        </fieldset>

        <FormActions clearTo={action} />
    </Form>
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
  const { fields, formProps, onFieldChange } = useFilterForm({
    id: DOCK_FILTERS_ID,
    schema: dockSearchSchema,
    action,
    defaultValue: { ...query, sort: undefined, page: undefined },
    lastResult,
    defaults: { sort: "newest" },
  });
  const limits = listingLimits.dock;
  const metres = (name: "minLengthM" | "minBeamM" | "minDepthM", max: number, text: string) => {
    const field = fields[name];
    return (
      <div>
        <label htmlFor={field.id} className={label}>{text}</label>
        <input {...getInputProps(field, { type: "number" })} min={0} max={max} step={0.1} inputMode="decimal" className={input} />
        <FieldError id={field.errorId} errors={field.errors} />
      </div>
    );
  };
  return (
    <Form method="get" action={action} {...formProps} onChange={onFieldChange} role="search" aria-label={t("docks.filtersLabel")} className="space-y-6">
        <fieldset className="space-y-4">
          <legend className={legend}>{t("docks.what")}</legend>
          <div>
            <label htmlFor={fields.kind.id} className={label}>{t("docks.kind")}</label>
            <select {...getSelectProps(fields.kind)} className={input}>
              <option value="">{t("docks.anyKind")}</option>
              {dockKinds.map((kind) => (
                <option key={kind} value={kind}>{t(`listing:dockKinds.${kind}`)}</option>
              ))}
            </select>
            <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
          </div>
          <PlaceField field={fields.place} ports={ports} listId="dock-filters-places" />
        </fieldset>

        <fieldset className="space-y-4">
          <legend className={legend}>{t("docks.boatSize")}</legend>
          {metres("minLengthM", limits.maxLengthM.max, t("docks.minLength"))}
          {metres("minBeamM", limits.maxBeamM.max, t("docks.minBeam"))}
          {metres("minDepthM", limits.depthM.max, t("docks.minDepth"))}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className={legend}>{t("docks.price")}</legend>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t("docks.priceHint")}</p>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={fields.minPrice.id} className={label}>{t("filters.minPrice")}</label>
              <input {...getInputProps(fields.minPrice, { type: "number" })} min={0} max={MAX_SEARCH_PRICE_EUROS} step={1} inputMode="numeric" className={input} />
              <FieldError id={fields.minPrice.errorId} errors={fields.minPrice.errors} />
            </div>
            <div>
              <label htmlFor={fields.maxPrice.id} className={label}>{t("filters.maxPrice")}</label>
              <input {...getInputProps(fields.maxPrice, { type: "number" })} min={0} max={MAX_SEARCH_PRICE_EUROS} step={1} inputMode="numeric" className={input} />
              <FieldError id={fields.maxPrice.errorId} errors={fields.maxPrice.errors} />
            </div>
          </div>
        </fieldset>

        <FormActions clearTo={action} />
    </Form>
  );
}
