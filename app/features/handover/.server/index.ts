/** Check-in and check-out: the boat's state at handover and return, confirmed by the other side. The folder's only door. */
export {
  FUEL_EIGHTHS,
  HANDOVERS,
  HandoverError,
  handoverKinds,
  isHandoverError,
  MAX_ENGINE_HOURS,
  MAX_HANDOVER_NOTES,
  MAX_HANDOVER_PHOTOS,
  type FuelChoice,
  type HandoverConfirmation,
  type HandoverErrorCode,
  type HandoverField,
  type HandoverKind,
  type HandoverPhoto,
  type HandoverRecord,
} from "./model";
export { createHandoverService, type HandoverService } from "./service";
export { type HandoverDeps, type Viewer } from "./context";
export { type AnswerInput, type RecordInput } from "./recording";
export { checkOutUntil, fullToFull, hasEngine, localDay, zoneOf } from "./rules";
export { createHandoverNotifier } from "./notifications";
// Used by server code outside the feature.
export { handoverPhotoKey } from "./photos";
