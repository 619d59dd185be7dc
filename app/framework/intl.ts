/**
 * Shared Intl formatters: building one costs far more than using it (tens of microseconds), and
 * a page formats dozens of prices, lengths and dates. The options of a call site are constant,
 * so the caches stay small (a handful of entries per language).
 *
 * **The browser hydrates with the server's strings.** A browser's first `Intl.NumberFormat`
 * costs 20–80 ms of its main thread (ICU's number data, once per page process; a first
 * `Intl.DateTimeFormat` 5–20 ms), measured in Chromium on this project's machine: on a phone,
 * four times that, in the middle of hydration. So the server records what each formatter wrote
 * while it rendered the page (`recordFormats`), the document carries that table
 * (`<FormatsSeen />`, a JSON data block at the end of `<body>`) and the browser reads it before
 * hydrating (`adoptFormatsSeen`): a formatter asked for a value the server wrote answers from the
 * table, and builds the real Intl object only for a value it has not seen (decision 044). The
 * hydrated text is then the server's to the byte, whatever the browser's ICU would have written.
 */

/** Per formatter (`kind|locale|options`), per input, the string the server wrote. */
export type FormatsSeen = Record<string, Record<string, string>>;

/** On the server, the table of the document being rendered; null between renders. */
let recording: FormatsSeen | null = null;
/** In the browser, the table the document came with. */
let seen: FormatsSeen = {};
let seenText = "";

/**
 * Runs a synchronous render, recording every value the shared formatters write during it, and
 * returns the render's result. Synchronous on purpose: nothing else runs while `recording` is set.
 */
export function recordFormats<T>(render: () => T): T {
  const outer = recording;
  recording = {};
  try {
    return render();
  } finally {
    recording = outer;
  }
}

/** The id of the document's data block with the server's formats. */
export const FORMATS_SEEN_ID = "formats-seen";

/**
 * The data block's text: on the server, what the render recorded so far (this is rendered last in
 * `<body>`, so that is the whole page's); in the browser, the text the document came with, so
 * hydration finds it unchanged. `<` is escaped: the block cannot be closed from inside.
 */
export function formatsSeenText(): string {
  if (recording) return JSON.stringify(recording).replaceAll("<", "\\u003c");
  return seenText;
}

/** In the browser, before hydrating: the server's table from the document's data block. */
export function adoptFormatsSeen(text: string | null | undefined): void {
  seenText = text ?? "";
  try {
    const table: unknown = seenText ? JSON.parse(seenText) : {};
    seen = table && typeof table === "object" ? (table as FormatsSeen) : {};
  } catch {
    // A damaged block costs only speed: every value is formatted here.
    seen = {};
  }
}

/** The key of one input in a formatter's table, or null for an input not worth keeping. */
type InputKey<Input> = (input: Input) => string | null;

function lookedUp<Input>(key: string, input: Input, inputKey: InputKey<Input>, write: () => string): string {
  const at = inputKey(input);
  if (at === null) return write();
  if (recording) {
    const written = write();
    // No prototype: an input named like one of Object's properties is only a key.
    (recording[key] ??= Object.create(null) as Record<string, string>)[at] = written;
    return written;
  }
  const table = seen[key];
  return table && Object.hasOwn(table, at) && typeof table[at] === "string" ? table[at] : write();
}

/**
 * One formatter per kind, locale and options, for the life of the module; `wrap` gets its key and
 * its Intl object, built on first use (a value the table does not hold).
 */
function memoized<Options, Real, Format>(kind: string, make: (locale: string, options: Options) => Real, wrap: (key: string, real: () => Real) => Format) {
  const formats = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${kind}|${locale}|${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      let built: Real | undefined;
      format = wrap(key, () => (built ??= make(locale, options)));
      formats.set(key, format);
    }
    return format;
  };
}

export type NumberFormatter = Pick<Intl.NumberFormat, "format">;
export type DateTimeFormatter = Pick<Intl.DateTimeFormat, "format">;
export type DisplayNamesFormatter = Pick<Intl.DisplayNames, "of">;

// 7, 7n and "7" write the same.
const numberKey: InputKey<Parameters<Intl.NumberFormat["format"]>[0]> = (value) => String(value);
// `format()` without a date means now: never kept. An invalid date throws, as Intl's does.
const dateKey: InputKey<Date | number | undefined> = (value) => {
  const time = value instanceof Date ? value.getTime() : value;
  return typeof time === "number" && Number.isFinite(time) ? String(time) : null;
};
const codeKey: InputKey<string> = (code) => code;

/** A `format` that answers from the table before asking its Intl object. */
const formatting =
  <Input>(inputKey: InputKey<Input>) =>
  (key: string, real: () => { format(input: Input): string }) => ({
    format: (value: Input) => lookedUp(key, value, inputKey, () => real().format(value)),
  });

const numberFormats = memoized("number", (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options), formatting(numberKey));
const dateTimeFormats = memoized("date", (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options), formatting(dateKey));
const displayNames = memoized(
  "names",
  (locale, options: Intl.DisplayNamesOptions) => new Intl.DisplayNames([locale], options),
  // `of` answers undefined for a code it has no name for (with `fallback: "none"`): kept as "".
  (key, real) => ({
    of: (code: string) => {
      const name = lookedUp(key, code, codeKey, () => real().of(code) ?? "");
      return name === "" ? undefined : name;
    },
  }),
);

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  return numberFormats(locale, options);
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): DateTimeFormatter {
  return dateTimeFormats(locale, options);
}

/** Names of languages (or regions…) as they read in `locale`. */
export function displayNamesOf(locale: string, options: Intl.DisplayNamesOptions): DisplayNamesFormatter {
  return displayNames(locale, options);
}
