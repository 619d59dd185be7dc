/**
 * The bookings feature's door for code outside it (pages, components and browser helpers of other
 * features): what they may use of its views, components and schemas, named on the module that
 * has each (the browser build reads an import from here as one from that module: vite.config.ts).
 * Server code reaches the feature's services through `.server/index.ts` and its pages' server parts through
 * `index.server.ts`.
 */
export { AvailabilityCalendar, CalendarPager } from "./components/availability-calendar";
export { MoneyStory, StatusBadge, StayDates, useListingTitle } from "./components/booking";
export { BookingBar } from "./components/booking-bar";
export { AvailabilitySection, type BookingBox, BookingEstimate, estimateOf, NO_CHOICE, type TripChoice } from "./components/booking-estimate";
export { boatTariff, priceRental, serviceFeePercent } from "./pricing";
export { clashingSeason, dayPrice, DEFAULT_WEEKEND_DAYS, hasRules, isoWeekday, MAX_DAY_PRICE_CENTS, MAX_PERCENT, MAX_SEASON_DAYS, MAX_SEASON_NAME, MAX_SEASONS, MIN_DAY_PRICE_CENTS, MIN_PERCENT, type IsoWeekday, type PricingRules, type Season, type WeekendRule } from "./day-prices";
export { type BookingView, formatDay, formatMoment } from "./view";
export { OwnerStanding, type OwnerStandingView } from "./components/owner-standing";
