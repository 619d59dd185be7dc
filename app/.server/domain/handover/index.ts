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
  type HandoverConfirmation,
  type HandoverErrorCode,
  type HandoverField,
  type HandoverKind,
  type HandoverPhoto,
  type HandoverRecord,
} from "./model";
export { checkOutUntil, createHandoverService, hasEngine, localDay, zoneOf, type AnswerInput, type HandoverService, type RecordInput, type Viewer } from "./service";
export { createHandoverNotifier } from "./notifications";
