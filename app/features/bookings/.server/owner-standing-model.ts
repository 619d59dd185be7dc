/**
 * The owner's standing (issue 49; docs/PRODUCT.md "The owner's standing"; decision 061): how an
 * owner answers requests and keeps bookings, over the last twelve months, kept per owner as
 * monthly buckets that each event adds to and a read sums. Pure: every figure takes the moment
 * it is computed for, so the window's edge and the badge's 90 days are tested with a clock.
 *
 * What counts: a request counts once it is settled, in the month it settled (answered, or expired
 * unanswered); one the renter withdraws before an answer counts for nobody. Instant bookings need
 * no answer and never count in the response figures; an owner's cancellation of any booking (not
 * for the weather, decision 031) counts against them.
 */
import { startOfDay, today } from "#app/utils/dates";

export const OWNER_STANDINGS = "owner_standings";

/** Months summed: the current calendar month (market time) and the twelve before it. */
export const WINDOW_MONTHS = 12;
/** Settled requests in the window below which no figure is shown ("new on Amarre"). */
export const MIN_REQUESTS = 5;
/** How long the bar must be met, without a break, for the badge. */
export const BADGE_DAYS = 90;
/** The bar (docs/PRODUCT.md): rates in percent, the typical answer in hours. */
export const BAR = { responseRate: 90, typicalHours: 12, acceptanceRate: 80, cancellations: 0 } as const;

/** Upper edges (hours) of the answer-time histogram; the last bin holds everything slower. */
export const ANSWER_EDGES_HOURS = [1, 3, 6, 12, 24] as const;

export type StandingMonth = {
  /** `YYYY-MM` in the market's time zone. */
  month: string;
  answered: number;
  accepted: number;
  expired: number;
  cancelled: number;
  /** Answers per time bin: ≤ 1 h, ≤ 3 h, ≤ 6 h, ≤ 12 h, ≤ 24 h, more. */
  answerBins: number[];
};

/** The stored record, `owner_standings/{uid}`. */
export type StandingRecord = {
  uid: string;
  months: StandingMonth[];
  /** When the bar was last found met without a break since; null while it is not. */
  meetsBarSince: string | null;
  /** The moment the record was last brought up to date (an event). */
  updatedAt: string;
  /** What the owner's listings last had folded into their relevance (`standingBonus`). */
  bonus: number;
  /**
   * When the oldest month leaves the window (its figures change with no event): the scheduler
   * folds the standing again then (`refoldDue`); null without months.
   */
  refoldAt: string | null;
};

export type StandingEvent =
  | { kind: "answered"; accepted: boolean; hours: number }
  | { kind: "expired" }
  | { kind: "cancelled" };

/** How fast an owner typically answers, as the pages say it. */
export type ResponseSpeed = "hour" | "hours" | "day" | "more";

export type StandingFigures = {
  /** Settled requests in the window (answered + expired). */
  requests: number;
  answered: number;
  /** Percent, 0–100, rounded; null below MIN_REQUESTS (as the others). */
  responseRate: number | null;
  acceptanceRate: number | null;
  /** The upper edge (hours) of the bin holding the median answer; null: no answer, or too few requests. */
  typicalHours: number | null;
  speed: ResponseSpeed | null;
  cancellations: number;
  meetsBar: boolean;
  /** When the bar has been met since, as of `at` (null when it is not met). */
  meetsBarSince: string | null;
  badge: boolean;
};

export const monthOf = (at: Date): string => today(at).slice(0, 7);

function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first month still in the window at `at`. */
export const firstMonthAt = (at: Date): string => addMonths(monthOf(at), -WINDOW_MONTHS);

export function emptyStanding(uid: string, at: Date): StandingRecord {
  return { uid, months: [], meetsBarSince: null, updatedAt: at.toISOString(), bonus: 0, refoldAt: null };
}

/** The moment the oldest of `months` leaves the window: the start of the thirteenth month after it. */
export function refoldAtOf(months: readonly StandingMonth[]): string | null {
  const oldest = months.reduce<string | null>((first, m) => (first === null || m.month < first ? m.month : first), null);
  return oldest === null ? null : startOfDay(`${addMonths(oldest, WINDOW_MONTHS + 1)}-01`).toISOString();
}

const emptyMonth = (month: string): StandingMonth => ({ month, answered: 0, accepted: 0, expired: 0, cancelled: 0, answerBins: ANSWER_EDGES_HOURS.map(() => 0).concat(0) });

/** Which answer-time bin `hours` falls in. */
export function answerBin(hours: number): number {
  const i = ANSWER_EDGES_HOURS.findIndex((edge) => hours <= edge);
  return i === -1 ? ANSWER_EDGES_HOURS.length : i;
}

function speedOf(hours: number): ResponseSpeed {
  return hours <= 1 ? "hour" : hours <= 6 ? "hours" : hours <= 24 ? "day" : "more";
}

/** The window's sums at `at`, without the bar's history. */
function sums(months: readonly StandingMonth[], at: Date) {
  const from = firstMonthAt(at);
  const to = monthOf(at);
  const total = { ...emptyMonth(to) };
  for (const m of months) {
    if (m.month < from || m.month > to) continue;
    total.answered += m.answered;
    total.accepted += m.accepted;
    total.expired += m.expired;
    total.cancelled += m.cancelled;
    total.answerBins = total.answerBins.map((n, i) => n + (m.answerBins[i] ?? 0));
  }
  return total;
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));

/** The figures the window holds at `at`, and whether they meet the bar (not the badge: `figuresAt`). */
function windowFigures(months: readonly StandingMonth[], at: Date) {
  const total = sums(months, at);
  const requests = total.answered + total.expired;
  const enough = requests >= MIN_REQUESTS;
  let typicalHours: number | null = null;
  if (total.answered > 0) {
    // The bin holding the middle answer (the lower median): its upper edge, or more than a day.
    let seen = 0;
    const middle = Math.ceil(total.answered / 2);
    const bin = total.answerBins.findIndex((n) => (seen += n) >= middle);
    typicalHours = ANSWER_EDGES_HOURS[bin] ?? Infinity;
  }
  const responseRate = percent(total.answered, requests);
  const acceptanceRate = percent(total.accepted, total.answered);
  const meetsBar =
    enough &&
    responseRate >= BAR.responseRate &&
    typicalHours !== null &&
    typicalHours <= BAR.typicalHours &&
    acceptanceRate >= BAR.acceptanceRate &&
    total.cancelled <= BAR.cancellations;
  return {
    requests,
    answered: total.answered,
    responseRate: enough ? responseRate : null,
    acceptanceRate: enough && total.answered > 0 ? acceptanceRate : null,
    typicalHours: enough && typicalHours !== null && Number.isFinite(typicalHours) ? typicalHours : null,
    speed: enough && typicalHours !== null ? speedOf(typicalHours) : null,
    cancellations: total.cancelled,
    meetsBar,
  };
}

/**
 * The record as time alone has made it by `at`: between events the figures change only when a
 * month leaves the window, so the bar is checked at each month's start since the last event —
 * met from that moment, or lost — and the buckets older than the window are dropped.
 */
export function rollTo(record: StandingRecord, at: Date): StandingRecord {
  let since = record.meetsBarSince;
  let month = addMonths(monthOf(new Date(record.updatedAt)), 1);
  for (let steps = 0; month <= monthOf(at) && steps <= WINDOW_MONTHS + 1; steps++, month = addMonths(month, 1)) {
    const start = startOfDay(`${month}-01`);
    const met = windowFigures(record.months, start).meetsBar;
    if (!met) since = null;
    else if (since === null) since = start.toISOString();
  }
  const from = firstMonthAt(at);
  const months = record.months.filter((m) => m.month >= from);
  return { ...record, months, meetsBarSince: since, refoldAt: refoldAtOf(months) };
}

/** The figures at `at`, the badge derived from when the bar has been met since (no scan: decision 061). */
export function figuresAt(record: StandingRecord | null, at: Date): StandingFigures {
  const rolled = record ? rollTo(record, at) : null;
  const figures = windowFigures(rolled?.months ?? [], at);
  const since = figures.meetsBar ? (rolled?.meetsBarSince ?? null) : null;
  const badge = since !== null && at.getTime() - Date.parse(since) >= BADGE_DAYS * 86_400_000;
  return { ...figures, meetsBarSince: since, badge };
}

/** The record after `event` at `at`: rolled to `at`, the event added to its month, the bar checked. */
export function applyEvent(record: StandingRecord, event: StandingEvent, at: Date): StandingRecord {
  const rolled = rollTo(record, at);
  const key = monthOf(at);
  const months = rolled.months.some((m) => m.month === key) ? rolled.months.map((m) => ({ ...m, answerBins: [...m.answerBins] })) : [...rolled.months, emptyMonth(key)];
  const month = months.find((m) => m.month === key)!;
  if (event.kind === "answered") {
    month.answered += 1;
    if (event.accepted) month.accepted += 1;
    month.answerBins[answerBin(event.hours)] += 1;
  } else if (event.kind === "expired") month.expired += 1;
  else month.cancelled += 1;
  months.sort((a, b) => a.month.localeCompare(b.month));
  const met = windowFigures(months, at).meetsBar;
  const meetsBarSince = met ? (rolled.meetsBarSince ?? at.toISOString()) : null;
  return { ...rolled, months, meetsBarSince, updatedAt: at.toISOString(), refoldAt: refoldAtOf(months) };
}

/** A standing event as a booking's history holds it: when, and the booking it happened to (the order of events of one moment). */
export type DatedStandingEvent = { at: string; bookingId: string; event: StandingEvent };

/**
 * The record the live events would have made (`applyEvent` at each, oldest first), then rolled as
 * the scheduler's pass does once a month has left the window by `now` (`refoldDue`); null without
 * events. Events of the same millisecond go in booking id order (the live order is the commits').
 */
export function foldEvents(uid: string, events: readonly DatedStandingEvent[], now: Date, bonus: number): StandingRecord | null {
  const sorted = [...events].sort((a, b) => (a.at === b.at ? (a.bookingId < b.bookingId ? -1 : a.bookingId > b.bookingId ? 1 : 0) : a.at < b.at ? -1 : 1));
  if (sorted.length === 0) return null;
  let record: StandingRecord = { ...emptyStanding(uid, new Date(sorted[0].at)), bonus };
  for (const { at, event } of sorted) record = applyEvent(record, event, new Date(at));
  if (record.refoldAt !== null && record.refoldAt <= now.toISOString()) record = { ...rollTo(record, now), updatedAt: now.toISOString() };
  return record;
}

/**
 * What the owner's standing adds to each of their listings' relevance (`relevanceScore` is
 * 0–100): nothing for an owner with too few requests; up to 10 for answering, 5 for accepting,
 * 5 for meeting the bar, less 5 per cancellation (at most three counted): −15 … 20.
 */
export function standingBonus(figures: Pick<StandingFigures, "responseRate" | "acceptanceRate" | "cancellations" | "meetsBar">): number {
  const cancelled = 0 - 5 * Math.min(figures.cancellations, 3);
  if (figures.responseRate === null) return cancelled;
  return Math.round(figures.responseRate / 10) + Math.round((figures.acceptanceRate ?? 0) / 20) + (figures.meetsBar ? 5 : 0) + cancelled;
}
