import type { Lang } from "#app/i18n";
import type { LegalPageKey, LegalTexts } from "#app/features/legal-pages/legal-pages";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";

/** The texts the legal pages are shipped with, per language (the store keeps the team's edits). */
export const defaultLegalTexts: Record<Lang, Record<LegalPageKey, LegalTexts>> = { es, en, fr, de };
