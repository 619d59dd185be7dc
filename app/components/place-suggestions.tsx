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

/** A `<datalist id={id}>` of `placeSuggestions` for an `<input list={id}>`. */
export function PlaceSuggestions({ id, ports }: { id: string; ports: readonly PortOption[] }) {
  const { t } = useTranslation();
  return (
    <datalist id={id}>
      {placeSuggestions(ports, (region) => regionName(t, region)).map((suggestion) => (
        <option key={suggestion.value} value={suggestion.value}>
          {suggestion.hint ?? undefined}
        </option>
      ))}
    </datalist>
  );
}
