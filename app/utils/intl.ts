/**
 * Shared Intl formatters: building one costs far more than using it (tens of microseconds), and
 * a page formats dozens of prices, lengths and dates. The options of a call site are constant,
 * so the caches stay small (a handful of entries per language).
 */
function memoized<Options, Format>(create: (locale: string, options: Options) => Format) {
  const formats = new Map<string, Format>();
  return (locale: string, options: Options): Format => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      format = create(locale, options);
      formats.set(key, format);
    }
    return format;
  };
}

const numberFormats = memoized((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
const dateTimeFormats = memoized((locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
const displayNames = memoized((locale, options: Intl.DisplayNamesOptions) => new Intl.DisplayNames([locale], options));

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return numberFormats(locale, options);
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateTimeFormats(locale, options);
}

/** Names of languages (or regions…) as they read in `locale`. */
export function displayNamesOf(locale: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return displayNames(locale, options);
}
