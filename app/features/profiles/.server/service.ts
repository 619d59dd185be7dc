import type { DocumentStore } from "#app/.server/store";
import type { UsersContext } from "./context";
import { create } from "./create";
import * as reads from "./reads";
import * as writes from "./writes";
import { bindTo } from "#app/.server/domain/operations";

/**
 * People's profiles. `onChange`: called with the person's uid after their profile's public fields
 * change (the visitors' pages that show it are forgotten).
 *
 * This factory only wires the operations, each in its module with the context they share
 * (`context.ts`): a new profile (`create.ts`), the reads (`reads.ts`) and the changes (`writes.ts`).
 */
export function createUsersService(store: DocumentStore, onChange?: (uid: string) => void) {
  const ctx: UsersContext = { store, onChange };
  const bind = bindTo(ctx);
  return {
    /** Creates the profile of a new account, with a unique public slug derived from the name. */
    create: bind(create),
    get: bind(reads.get),
    /** Several profiles in one batch read, by uid (missing ones are left out). */
    getMany: bind(reads.getMany),
    getBySlug: bind(reads.getBySlug),
    getPublicBySlug: bind(reads.getPublicBySlug),
    toPublic: reads.toPublic,
    update: bind(writes.update),
    setPhoto: bind(writes.setPhoto),
    setLessor: bind(writes.setLessor),
    /** Erases the profile and frees its slug (an account deleted); answers what it erased. */
    erase: bind(writes.erase),
    recent: bind(reads.recent),
    countByKind: bind(reads.countByKind),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
