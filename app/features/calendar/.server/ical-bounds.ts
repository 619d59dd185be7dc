import ICAL from "ical.js";

/**
 * What reading one calendar may cost (decision 046). A feed is someone else's file: ical.js
 * expands what it is told to, a time zone's rule from its `DTSTART` and a series from its first
 * occurrence, however often they repeat. So the work is counted as it is done — every change of
 * every `VTIMEZONE`, every step of every series, every listed date — against one budget per
 * file, and a file that needs more is "too complex" (`CalendarTooComplexError`): the owner is told,
 * and the last good import stays. The worker that runs the reader has its own ceilings
 * (memory, CPU time) behind these.
 */

/** Steps of all the series of one calendar together, dates they list (`RDATE`, `EXDATE`) included. */
export const MAX_STEPS = 50_000;
/**
 * Days of the horizon all its events together hold (an event over the whole horizon holds about
 * 550). The server turns each into slots in its own thread, so this bounds that work too.
 */
export const MAX_HELD_DAYS = 20_000;
/** Changes of all its time zones together up to the last year a zone is expanded to. */
export const MAX_ZONE_CHANGES = 20_000;
/**
 * Zones are expanded up to this many years after the horizon's last year (ical.js expands five
 * years past the time it converts; no time later than the horizon's next year is converted).
 */
const ZONE_YEARS_AFTER = 7;

/** A calendar that would take more work than a calendar is allowed: `reason` is for the logs. */
export class CalendarTooComplexError extends Error {
  override readonly name = "CalendarTooComplexError";
}

/** The work left to one calendar's reading. */
export class Budget {
  private steps = MAX_STEPS;
  private days = MAX_HELD_DAYS;
  /** Counts the days of the horizon an event kept holds, or throws `CalendarTooComplexError`. */
  hold(days: number): void {
    this.days -= days;
    if (this.days < 0) throw new CalendarTooComplexError(`its events hold more than ${MAX_HELD_DAYS} days`);
  }
  /** Spends `n` steps, or throws `CalendarTooComplexError` naming `what`. */
  spend(n: number, what: string): void {
    this.steps -= n;
    if (this.steps < 0) throw new CalendarTooComplexError(`more than ${MAX_STEPS} steps (${what})`);
  }
  /** Whether `n` more steps would still fit. */
  fits(n: number): boolean {
    return n <= this.steps;
  }
}

type Component = InstanceType<typeof ICAL.Component>;
type Recur = InstanceType<typeof ICAL.Recur>;
type Time = InstanceType<typeof ICAL.Time>;

/** The shortest time between two occurrences of a rule, in seconds (a month is 28 days at least). */
const SECONDS: Record<string, number> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3600, DAILY: 86_400, WEEKLY: 604_800, MONTHLY: 28 * 86_400, YEARLY: 365 * 86_400 };

/** A time's wall clock as if it were UTC: within a day of its instant, close enough to count steps or skip them. */
export function roughMs(time: Time): number {
  const at = Date.UTC(2000, time.month - 1, time.day, time.hour, time.minute, time.second);
  return at + (time.year - 2000) * 365.2425 * 86_400_000;
}

/**
 * At least how many steps a rule takes from `dtstart` to `untilMs` (its `COUNT` if smaller): a
 * rule whose mere way to the horizon is over the budget is refused before a step is taken
 * (every second since 2020 is 200 million steps). Rules with `BY…` parts take more; the steps
 * taken are counted too.
 */
export function leastSteps(rule: Recur, dtstart: Time, untilMs: number): number {
  const period = (SECONDS[rule.freq] ?? 1) * Math.max(1, rule.interval || 1);
  const end = rule.until ? Math.min(untilMs, roughMs(rule.until)) : untilMs;
  const steps = Math.max(0, Math.floor((end - roughMs(dtstart)) / (period * 1000)));
  return rule.count ? Math.min(rule.count, steps) : steps;
}

/**
 * Makes every `VTIMEZONE` of the file cheap to use before ical.js reads a time in it: each rule
 * of a zone (`STANDARD`, `DAYLIGHT`) ends at the end of `lastYear` + 7 (later times keep the last
 * offset; no later time is read), and all their changes together, counted from each rule's
 * `DTSTART` with its listed dates, stay within MAX_ZONE_CHANGES. Real zones change twice a year
 * (`FREQ=YEARLY`; Outlook's start in 1601: about 860 changes per zone up to 2035).
 */
export function boundTimeZones(root: Component, lastYear: number): void {
  const endYear = lastYear + ZONE_YEARS_AFTER;
  const until = new ICAL.Time({ year: endYear, month: 12, day: 31, hour: 23, minute: 59, second: 59, isDate: false }, ICAL.Timezone.localTimezone);
  const untilMs = roughMs(until);
  let left = MAX_ZONE_CHANGES;
  const spend = (n: number) => {
    left -= n;
    if (left < 0) throw new CalendarTooComplexError(`time zones change more than ${MAX_ZONE_CHANGES} times`);
  };
  for (const zone of root.getAllSubcomponents("vtimezone")) {
    for (const part of zone.getAllSubcomponents()) {
      for (const rdate of part.getAllProperties("rdate")) spend(rdate.getValues().length);
      const property = part.getFirstProperty("rrule");
      const start = part.getFirstPropertyValue("dtstart") as Time | null;
      if (!property || !start) continue;
      const rule = (property.getFirstValue() as Recur).clone();
      if (!rule.until || rule.until.year > endYear) rule.until = until.clone();
      property.setValue(rule);
      // Refused before a step when even one change a period is too many (every second since 1601)…
      if (leastSteps(rule, start, untilMs) > left) spend(left + 1);
      // …else the changes ical.js will make are counted (a rule with BY… parts changes more often).
      const iterator = rule.iterator(start);
      for (let next = iterator.next(); next && next.year <= endYear; next = iterator.next()) spend(1);
    }
  }
}
