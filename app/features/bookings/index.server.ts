/**
 * The bookings feature's door for other features' server code: what their loaders and actions take
 * from its pages' server parts (server only; its services are behind `.server/index.ts`).
 */
export { bookingBoxOf, calendarFor } from "./routes/booking-box.server";
export { asRefusal, type Refusal } from "./routes/choice.server";
export { type BookingForm, type HandoverForm, type WeatherForm } from "./schemas.server";
export { ownerStandingOf, standingView } from "./routes/owner-standing.server";
