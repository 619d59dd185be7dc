import type { LifecycleContext, LifecycleDeps } from "./lifecycle-context";
import { createDraft, discardDraft, erase, saveStep, saveValidFields, setPhotos } from "./lifecycle-edit";
import { importPublished } from "./lifecycle-import";
import { transition } from "./lifecycle-status";
import { missingForPublish } from "./validation";
import { addSeason, editSeason, removeSeason, setWeekend } from "./seasons";
import { bindTo } from "#app/.server/domain/operations";

/**
 * A listing's life: drafts, their steps, photos' metadata, the status transitions and bulk
 * imports. Every write is one store transaction; `written(tags)` is told after each with the
 * visitors' page tags it changed (none for a listing no visitor sees before or after).
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`lifecycle-context.ts`): editing (`lifecycle-edit.ts`), the status transitions
 * (`lifecycle-status.ts`) and bulk imports (`lifecycle-import.ts`).
 */
export function createListingLifecycle(deps: LifecycleDeps) {
  const ctx: LifecycleContext = deps;
  const bind = bindTo(ctx);
  return {
    createDraft: bind(createDraft),
    saveStep: bind(saveStep),
    missingForPublish,
    saveValidFields: bind(saveValidFields),
    /** draft → published, when nothing is missing (else `incomplete` with the keys). */
    publish: (ownerUid: string, id: string) => transition(ctx, ownerUid, id, "publish"),
    /** published → paused: hidden from search and visitors until resumed. */
    pause: (ownerUid: string, id: string) => transition(ctx, ownerUid, id, "pause"),
    /** paused → published. */
    resume: (ownerUid: string, id: string) => transition(ctx, ownerUid, id, "resume"),
    /** draft, published or paused → archived, for good. */
    archive: (ownerUid: string, id: string) => transition(ctx, ownerUid, id, "archive"),
    discardDraft: bind(discardDraft),
    /** Deletes a listing whatever its status (an account deleted; no booking may keep it). */
    erase: bind(erase),
    setPhotos: bind(setPhotos),
    importPublished: bind(importPublished),
    /** A boat's seasons and weekend rule (`seasons.ts`). */
    seasons: { add: bind(addSeason), edit: bind(editSeason), remove: bind(removeSeason), setWeekend: bind(setWeekend) },
  };
}
