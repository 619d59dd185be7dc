import { bindTo } from "#app/.server/domain/operations";
import type { PrivacyContext } from "./context";
import { blocker, eraseAccount } from "./erase";
import { exportData } from "./export";

/**
 * People's own data: the export of everything held on a person (`export.ts`) and the deletion of
 * their account (`erase.ts`), over the domain services, the identity and the sessions.
 */
export function createPrivacyService(deps: PrivacyContext) {
  const bind = bindTo(deps);
  return {
    /** Everything held on the person, as one JSON-ready document; links are absolute under `origin`. */
    exportData: bind(exportData),
    /** The first reason the account cannot be deleted now, or null. */
    blocker: bind(blocker),
    /** Deletes the account (`ErasureRefused` while `blocker` has a reason, nothing changed then). */
    eraseAccount: bind(eraseAccount),
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
