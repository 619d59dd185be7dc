import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { regionName } from "#app/utils/regions";

/**
 * The suggestions of a search's place field: each town once (two marinas in Barcelona suggest
 * "Barcelona" once), then each port by its name with its town beside it, then each region in the
 * page's language, never a value twice.
 */
type PortOption = { slug: string; name: string; city: string; region?: string };

/** The distinct values to suggest: towns first (in the ports' order), then port names, then regions. */
export function placeSuggestions(
  ports: readonly PortOption[],
  nameOfRegion: (region: string) => string = (region) => region,
): Array<{ value: string; hint: string | null }> {
  const seen = new Set<string>();
  const suggestions: Array<{ value: string; hint: string | null }> = [];
  const add = (value: string, hint: string | null) => {
    const key = value.trim().toLocaleLowerCase();
    if (!key || seen.has(key)) return;
    seen.add(key);
    suggestions.push({ value, hint });
  };
  for (const port of ports) add(port.city, null);
  for (const port of ports) add(port.name, port.city);
  for (const port of ports) if (port.region) add(nameOfRegion(port.region), null);
  return suggestions;
}

/**
 * The `<option>`s drawn on the server, by language and ports: every search form of every page
 * lists the same ports, and naming each region (a translation per port) and drawing some 35
 * options was 2–3 % of a rendered home page's CPU. React elements may be drawn again as they
 * are. Only on the server, where every translation is loaded before a page is drawn; in the
 * browser a form draws its list once per page.
 */
const serverOptions = new Map<string, ReactElement[]>();
const SERVER_OPTIONS_KEPT = 32;

/** What the options depend on besides the language: each port's town, name and region. */
function portsKey(ports: readonly PortOption[]): string {
  let key = "";
  for (const port of ports) key += `${port.city}\u0000${port.name}\u0000${port.region ?? ""}\u0001`;
  return key;
}

/** A `<datalist id={id}>` of `placeSuggestions` for an `<input list={id}>`. */
export function PlaceSuggestions({ id, ports }: { id: string; ports: readonly PortOption[] }) {
  const { t, i18n } = useTranslation();
  const draw = () =>
    placeSuggestions(ports, (region) => regionName(t, region)).map((suggestion) => (
      <option key={suggestion.value} value={suggestion.value}>
        {suggestion.hint ?? undefined}
      </option>
    ));
  if (typeof document !== "undefined") return <datalist id={id}>{draw()}</datalist>;
  const key = `${i18n.language}\u0002${portsKey(ports)}`;
  let options = serverOptions.get(key);
  if (!options) {
    options = draw();
    // The ports change rarely: the oldest list goes when a new one would pass the bound.
    if (serverOptions.size >= SERVER_OPTIONS_KEPT) serverOptions.delete(serverOptions.keys().next().value!);
    serverOptions.set(key, options);
  }
  return <datalist id={id}>{options}</datalist>;
}
