import { useRouteLoaderData } from "@remix-run/react";
import type { PublicEnv } from "#app/.server/config";
import type { Role } from "#app/.server/identity";
import type { Lang } from "#app/i18n";
import type { ErrorCopy } from "./meta";
import type { ShownNotice } from "./notice";
import type { Theme } from "./theme";

/**
 * What the root loader (app/root.tsx) gives every page: written out here, so that the components
 * that read it (the frame, the error screen, the map, Google sign-in) need not import the root
 * module that renders them.
 */
export interface RootData {
  lang: Lang;
  user: { displayName: string; slug: string; role: Role | null; unreadChats: number } | null;
  theme: Theme;
  origin: string;
  localesVersion: string;
  errorCopy: ErrorCopy;
  ENV: PublicEnv;
  notice: ShownNotice | null;
}

/** The root loader's data; undefined when the root loader itself failed (the error screen). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
