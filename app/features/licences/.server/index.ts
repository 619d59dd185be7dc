/** Renters' licences (issue 49, part 3): the one on a person's profile and the copy given with a booking. The folder's only door. */
export { BOOKING_LICENCES, isLicenceError, LicenceError, RENTER_LICENCES, type BookingLicence, type LicenceField, type LicencePhoto, type LicenceViewer, type RenterLicence } from "./model";
export { cleanLicence, createLicencesService, type LicenceInput, type LicencesDeps, type LicencesService } from "./service";
// The pure rules, for other features' domains (the listing form's check, search's stored field).
export { legalMinimumLicence, licenceAllowed, requiredLicence } from "#app/features/licences/licences";
