/**
 * The licences feature's door for other features' server code: what the booking summary and the
 * booking pages take from its pages' server parts (server only; its services are behind `.server/index.ts`).
 */
export { bookingLicenceView, licenceAsk, licenceNeeded, takeLicence } from "./routes/summary-licence.server";
