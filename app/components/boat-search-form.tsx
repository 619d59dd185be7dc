import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BOAT_SEARCH_PATH, boatSearchSchema, boatTypes, MAX_PEOPLE } from "#app/utils/listings/boat-search";
import { useLocalizePath } from "#app/utils/use-lang";
import { zodErrorMap } from "#app/utils/zod-errors";
import { compactFormData } from "#app/utils/listings/view";
import { PlaceSuggestions } from "./place-suggestions";

type PortOption = { slug: string; name: string; city: string; region: string };

/**
 * Type, place, dates and people: a plain GET form to the boat search (it works without
 * JavaScript); with JavaScript, conform checks it first with the search's own schema, and
 * blank fields are left out of the URL.
 */
export function BoatSearchForm({ ports }: { ports: PortOption[] }) {
  const { t } = useTranslation("home");
  const localize = useLocalizePath();
  const [form, fields] = useForm({
    id: "boat-search",
    constraint: getZodConstraint(boatSearchSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: boatSearchSchema, errorMap: zodErrorMap(t) }),
  });

  const submit = useSubmit();
  const formProps = getFormProps(form);
  // With JavaScript, blank fields stay out of the URL (without it, the search redirects to the clean URL).
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    // conform's own intents (revalidating a field) are never a search.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (event.defaultPrevented || (submitter instanceof HTMLButtonElement && submitter.name === "__intent__")) return;
    event.preventDefault();
    submit(compactFormData(new FormData(event.currentTarget)), { method: "get", action: localize(BOAT_SEARCH_PATH) });
  };

  const label = "block text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400";
  const input =
    "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-sea-500 focus:ring-2 focus:ring-sea-500/30 focus:outline-none aria-[invalid]:border-coral-500 dark:border-white/15 dark:bg-sea-950 dark:text-white";
  const error = "mt-1 text-xs font-medium text-coral-600 dark:text-coral-300";

  return (
    <Form
      method="get"
      action={localize(BOAT_SEARCH_PATH)}
      {...formProps}
      onSubmit={onSubmit}
      aria-label={t("search.label")}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-900/5 sm:grid-cols-2 lg:grid-cols-[1.1fr_1.4fr_1fr_1fr_0.7fr_auto] lg:items-start dark:bg-sea-900/60 dark:ring-white/10"
    >
      <div>
        <label htmlFor={fields.type.id} className={label}>{t("search.type")}</label>
        <select {...getSelectProps(fields.type)} className={input}>
          <option value="">{t("search.anyType")}</option>
          {boatTypes.map((type) => (
            <option key={type.id} value={type.id}>{t(`categories.${type.id}.name`)}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={fields.place.id} className={label}>{t("search.place")}</label>
        <input
          {...getInputProps(fields.place, { type: "search" })}
          list="boat-search-places"
          placeholder={t("search.placePlaceholder")}
          autoComplete="off"
          className={input}
        />
        <PlaceSuggestions id="boat-search-places" ports={ports} />
        <p id={fields.place.errorId} className={error}>{fields.place.errors?.[0]}</p>
      </div>
      <div>
        <label htmlFor={fields.from.id} className={label}>{t("search.from")}</label>
        <input {...getInputProps(fields.from, { type: "date" })} className={input} />
        <p id={fields.from.errorId} className={error}>{fields.from.errors?.[0]}</p>
      </div>
      <div>
        <label htmlFor={fields.to.id} className={label}>{t("search.to")}</label>
        <input {...getInputProps(fields.to, { type: "date" })} className={input} />
        <p id={fields.to.errorId} className={error}>{fields.to.errors?.[0]}</p>
      </div>
      <div>
        <label htmlFor={fields.people.id} className={label}>{t("search.people")}</label>
        <input {...getInputProps(fields.people, { type: "number" })} min={1} max={MAX_PEOPLE} inputMode="numeric" className={input} />
        <p id={fields.people.errorId} className={error}>{fields.people.errors?.[0]}</p>
      </div>
      <button
        type="submit"
        className="self-end rounded-lg bg-coral-500 px-6 py-3 font-semibold text-white shadow hover:bg-coral-600 lg:mt-5"
      >
        {t("search.submit")}
      </button>
    </Form>
  );
}
