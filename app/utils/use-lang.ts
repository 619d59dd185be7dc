import { useLocation } from "@remix-run/react";
import { useCallback } from "react";
import { localizePath, splitLangFromPath, type Lang } from "#app/i18n";

/** The language of the page being shown: its URL prefix. */
export function useLang(): Lang {
  return splitLangFromPath(useLocation().pathname).lang;
}

/** Turns an unprefixed path into the current language's path; a relative target (`?x`, `#x`) stays relative (`localizePath`). */
export function useLocalizePath() {
  const lang = useLang();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
