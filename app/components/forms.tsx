import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./ui/button";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-sea-500 focus:ring-2 focus:ring-sea-500/30 focus:outline-none aria-[invalid]:border-coral-500 dark:border-white/15 dark:bg-sea-950 dark:text-white";
export const labelClass = "block text-sm font-medium text-slate-700 dark:text-slate-200";
export const hintClass = "mt-1 text-xs text-slate-500 dark:text-slate-400";
export const optionClass =
  "flex items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-sea-500 has-[:checked]:bg-sea-50 dark:border-white/10 dark:has-[:checked]:bg-white/10";
/** A form's full-width submit (`<Button size="block">`), for elements that are not a `Button`. */
export const primaryButtonClass = buttonClass("primary", "block");
const fileClass = "mt-1 block w-full text-sm file:mr-4 file:rounded-lg file:border-0 file:bg-sea-700 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-sea-800";
const choiceClass = "mt-0.5 size-4 accent-sea-700";

/** Field messages, announced by screen readers and tied to the field by its id. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm font-medium text-coral-600 dark:text-coral-300" aria-live="polite">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A message for the whole form (wrong credentials, too many attempts…). */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return <div id={id} />;
  return (
    <div id={id} role="alert" className="rounded-lg border border-coral-500/40 bg-coral-500/10 px-4 py-3 text-sm text-coral-600 dark:text-coral-300">
      {shown.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-800 dark:text-emerald-300">
      {children}
    </div>
  );
}

/** Real people never see or fill this field; bots that fill every input give themselves away. */
export function Honeypot({ name = "website" }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t("honeypot")}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The rules a new password must meet, as the identity service states them. */
export function PasswordHints({ id, hints }: { id: string; hints: Array<{ key: string; values: Record<string, string | number> }> }) {
  const { t } = useTranslation("validation");
  return (
    <ul id={id} className="mt-1 list-inside list-disc text-xs text-slate-500 dark:text-slate-400">
      {hints.map((hint) => (
        <li key={hint.key}>{t(hint.key, hint.values)}</li>
      ))}
    </ul>
  );
}

// ---------------------------------------------------------------------------------------------
// The field kit: every form's fields, bound to conform's field metadata. Each field renders its
// label, its control, an optional hint (tied by aria-describedby), and its messages (tied by
// conform's errorId), so no form wires ids and error lists by hand.

/** Joins the ids a control is described by, leaving out the missing ones. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const kept = ids.filter(Boolean);
  return kept.length > 0 ? kept.join(" ") : undefined;
}

type FieldFrame = {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Beside the label (a "forgot your password?" link). */
  labelAside?: ReactNode;
  /** Under the control, before the messages (the password rules). */
  children?: ReactNode;
  /** More ids that describe the control (say, the id of `children`). */
  describedBy?: string;
};

function Frame<Schema>({ meta, frame, control }: { meta: FieldMetadata<Schema>; frame: FieldFrame; control: ReactNode }) {
  const hintId = frame.hint ? `${meta.id}-hint` : undefined;
  const label = (
    <label htmlFor={meta.id} className={labelClass}>
      {frame.label}
    </label>
  );
  return (
    <div className={frame.className}>
      {frame.labelAside ? (
        <div className="flex items-baseline justify-between">
          {label}
          {frame.labelAside}
        </div>
      ) : (
        label
      )}
      {control}
      {frame.hint ? <p id={hintId} className={hintClass}>{frame.hint}</p> : null}
      {frame.children}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A text-like input (text, email, password, tel, url, number, date) with its label, hint and messages. */
export function Field({
  meta,
  type = "text",
  inputMode,
  unit,
  autoComplete,
  autoCapitalize,
  placeholder,
  spellCheck,
  inputClassName,
  step,
  ...frame
}: FieldFrame & {
  /** A text field's, or a number input's (a price the schema coerces to a number). */
  meta: FieldMetadata<string | number | undefined>;
  /** A number input's granularity ("0.1"; "any"); the browser's own check uses it without JavaScript. */
  step?: string;
  type?: "text" | "email" | "password" | "tel" | "url" | "number" | "date";
  inputMode?: "decimal" | "numeric" | "text" | "url" | "email" | "tel";
  /** A unit shown inside the input's end ("€", "m"). */
  unit?: string;
  autoComplete?: string;
  autoCapitalize?: string;
  placeholder?: string;
  spellCheck?: boolean;
  /** Classes added to the input's own (a monospaced IBAN). */
  inputClassName?: string;
}) {
  const ariaDescribedBy = describedBy(frame.hint ? `${meta.id}-hint` : undefined, frame.describedBy);
  const input = (
    <input
      {...getInputProps(meta, { type, ariaDescribedBy })}
      inputMode={inputMode}
      autoComplete={autoComplete}
      autoCapitalize={autoCapitalize}
      placeholder={placeholder}
      spellCheck={spellCheck}
      step={step}
      className={inputClass + (unit ? " pr-10" : "") + (inputClassName ? ` ${inputClassName}` : "")}
    />
  );
  return (
    <Frame
      meta={meta}
      frame={frame}
      control={
        unit ? (
          <div className="relative">
            {input}
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 mt-1 flex items-center text-sm text-slate-500 dark:text-slate-400">
              {unit}
            </span>
          </div>
        ) : (
          input
        )
      }
    />
  );
}

/** An amount typed in euros (the schema stores cents). */
export function MoneyField(props: Omit<Parameters<typeof Field>[0], "type" | "inputMode" | "unit">) {
  return <Field autoComplete="off" {...props} inputMode="decimal" unit="€" />;
}

export function TextareaField({
  meta,
  rows = 4,
  autoComplete,
  lang,
  ...frame
}: FieldFrame & { meta: FieldMetadata<string>; rows?: number; autoComplete?: string; /** The language the text is written in. */ lang?: string }) {
  const ariaDescribedBy = describedBy(frame.hint ? `${meta.id}-hint` : undefined, frame.describedBy);
  return (
    <Frame
      meta={meta}
      frame={frame}
      control={<textarea {...getTextareaProps(meta, { ariaDescribedBy })} lang={lang} rows={rows} autoComplete={autoComplete} className={inputClass} />}
    />
  );
}

export function SelectField({
  meta,
  options,
  placeholder,
  ...frame
}: FieldFrame & {
  meta: FieldMetadata<string>;
  options: ReadonlyArray<{ value: string; label: string; group?: string }>;
  placeholder: string;
}) {
  const ariaDescribedBy = describedBy(frame.hint ? `${meta.id}-hint` : undefined, frame.describedBy);
  const groups = [...new Set(options.map((option) => option.group ?? ""))];
  return (
    <Frame
      meta={meta}
      frame={frame}
      control={
        <select {...getSelectProps(meta, { ariaDescribedBy })} className={inputClass}>
          <option value="">{placeholder}</option>
          {groups.map((group) => {
            const items = options
              .filter((option) => (option.group ?? "") === group)
              .map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ));
            return group ? (
              <optgroup key={group} label={group}>
                {items}
              </optgroup>
            ) : (
              items
            );
          })}
        </select>
      }
    />
  );
}

/** A file input: photos, documents. */
export function FileField<Schema extends Blob | Blob[] | undefined>({
  meta,
  accept,
  multiple,
  ...frame
}: FieldFrame & { meta: FieldMetadata<Schema>; accept: string; multiple?: boolean }) {
  const ariaDescribedBy = describedBy(frame.hint ? `${meta.id}-hint` : undefined, frame.describedBy);
  return (
    <Frame
      meta={meta}
      frame={frame}
      control={
        <input
          {...getInputProps(meta, { type: "file", ariaDescribedBy })}
          accept={accept}
          multiple={multiple}
          className={fileClass}
        />
      }
    />
  );
}

/** One choice among a few, as radio buttons in a fieldset. */
export function RadioGroup({
  meta,
  legend,
  hint,
  options,
  columns = 2,
}: {
  meta: FieldMetadata<string>;
  legend: string;
  /** What the choice is for, under the legend. */
  hint?: string;
  options: ReadonlyArray<{ value: string; label: string; hint?: string }>;
  columns?: 1 | 2 | 3;
}) {
  const labels = new Map(options.map((option) => [option.value, option]));
  const grid = columns === 1 ? "" : columns === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3";
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <fieldset aria-describedby={describedBy(hintId, meta.errors ? meta.errorId : undefined)}>
      <legend className={labelClass}>{legend}</legend>
      {hint ? <p id={hintId} className={hintClass}>{hint}</p> : null}
      <div className={`mt-2 grid gap-2 ${grid}`}>
        {getCollectionProps(meta, { type: "radio", options: options.map((option) => option.value) }).map((props) => {
          const option = labels.get(props.value)!;
          const hintId = option.hint ? `${props.id}-hint` : undefined;
          return (
            <label key={props.key} htmlFor={props.id} className={optionClass}>
              <input {...props} key={props.key} aria-describedby={describedBy(props["aria-describedby"], hintId)} className={choiceClass} />
              <span>
                <span className="font-medium">{option.label}</span>
                {option.hint ? <span id={hintId} className="block text-xs text-slate-500 dark:text-slate-400">{option.hint}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** A yes/no checkbox (unchecked means no). */
export function CheckboxField({ meta, label, hint }: { meta: FieldMetadata<boolean | string | undefined>; label: ReactNode; hint?: ReactNode }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={meta.id} className={optionClass}>
        <input {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: hintId })} className={choiceClass} />
        <span>
          <span className="font-medium">{label}</span>
          {hint ? <span id={hintId} className="block text-xs text-slate-500 dark:text-slate-400">{hint}</span> : null}
        </span>
      </label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Several choices (a checklist) in a fieldset. */
export function CheckboxGroup({
  meta,
  legend,
  options,
  columns = "grid-cols-2 sm:grid-cols-3",
}: {
  meta: FieldMetadata<string[] | undefined>;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The grid's column classes. */
  columns?: string;
}) {
  const labels = new Map(options.map((option) => [option.value, option.label]));
  return (
    <fieldset aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className={`mt-2 grid gap-2 ${columns}`}>
        {getCollectionProps(meta, { type: "checkbox", options: options.map((option) => option.value) }).map((props) => (
          <label key={props.key} htmlFor={props.id} className={optionClass}>
            <input {...props} key={props.key} className={choiceClass} />
            <span>{labels.get(props.value)}</span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
/*
 * The field kit's controls for forms that conform does not bind (their action sends back values
 * and messages of its own: the case, deposit, handover, calendar and booking forms): the kit's
 * look on a plain input, select or textarea, plus the caller's classes (`resize-y`, a width). The
 * form keeps its label, hint and messages, tied to the control by `aria-describedby` and
 * `aria-invalid` as the kit's fields tie theirs.
 */
function kitClass(extra: string | undefined): string {
  return extra ? `${inputClass} ${extra}` : inputClass;
}

/** A text-like input (text, search, number, date, email). */
export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextInput({ className, ...props }, ref) {
  return <input ref={ref} {...props} className={kitClass(className)} />;
});

export const SelectInput = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function SelectInput({ className, ...props }, ref) {
  return <select ref={ref} {...props} className={kitClass(className)} />;
});

/** A textarea (a chat's reply box keeps its ref: it grows with the text). */
export const TextareaInput = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextareaInput({ className, ...props }, ref) {
  return <textarea ref={ref} {...props} className={kitClass(className)} />;
});

/** A checkbox or a radio button in the kit's look (`danger`: a destructive choice's); the caller's `<label>` wraps it. */
export function ChoiceInput({ danger, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & { type: "checkbox" | "radio"; danger?: boolean }) {
  return <input {...props} className={danger ? "mt-0.5 size-4 accent-coral-600" : choiceClass} />;
}

/** A file input in the kit's look (its button drawn as `FileField` draws it). */
export function FileInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return <input type="file" {...props} className={className ? `${fileClass} ${className}` : fileClass} />;
}
