/**
 * The common searches of issue 47 (a place, a type, dates, people, and all of them), whose reads
 * must not grow with the number of listings: measured by `search-reads.test.ts` on SQLite and by
 * `scripts/search-reads.ts` on Google's Firestore emulator (decision 056). The dates are the days
 * the measured boats are blocked on.
 */
export const SEARCH_FROM = "2027-08-10";
export const SEARCH_TO = "2027-08-11";

export const commonSearches: Array<[name: string, query: Record<string, unknown>]> = [
  ["a place (a city)", { place: "Palma" }],
  ["a place (a region)", { place: "Islas Baleares" }],
  ["a type", { type: "motor" }],
  ["dates", { from: SEARCH_FROM, to: SEARCH_TO }],
  ["people", { people: 6 }],
  ["place, type, people and dates", { place: "Palma", type: "motor", people: 6, from: SEARCH_FROM, to: SEARCH_TO }],
];
