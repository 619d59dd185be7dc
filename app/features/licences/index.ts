/**
 * The licences feature's door for code outside it (pages, components and browser helpers of other
 * features), named on the module that has each (the browser build reads an import from here as one
 * from that module: vite.config.ts). Server code reaches its services through `.server/index.ts`
 * and its pages' server parts through `index.server.ts`.
 */
export { BookingLicence, LicenceFields, LicenceSeenBox, LicenceSeenNote, SummaryLicence, useLicenceName } from "./components/licence";
export { heldLicences, legalMinimumLicence, licenceAllowed, requiredLicence, type HeldLicence } from "./licences";
export { type BookingLicenceView, type LicenceAskView, type LicenceRefusalView } from "./view";
