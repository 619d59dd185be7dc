/** Up to two initials of a name, for avatars without a photo ("Marta Ferrer" → "MF"). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join("");
}
