import { getFixedT } from "#app/.server/i18n";
import type { Lang } from "#app/i18n";
import { caseTypes, type CaseType } from "#app/features/cases";
import { dockTitle } from "#app/features/listings";
import type { Invoice } from "./model";

/**
 * What an invoice is for, in the reader's language. A paperwork case's invoice keeps the type's
 * key (`subject.caseType`) beside the Spanish name it was issued with (`subject.title`) and is
 * read with the type's name in the reader's language — the same procedure, named as the pages
 * name it (decision 014); a berth's, what its name is made of (`subject.dock`), named as its
 * page names it. A boat's title is the owner's, as typed; invoices stored before these were kept
 * read their title as issued.
 */
export function subjectTitle(subject: Invoice["subject"], lang: Lang): string {
  if (subject.caseType) return getFixedT(lang, "cases")(`types.${subject.caseType}`);
  if (subject.dock) {
    const { berthType, berthNumber, portName, city } = subject.dock;
    return dockTitle(getFixedT(lang, "listing"), { berthType, berthNumber, place: { portName, city } });
  }
  return subject.title;
}

let spanishNames: Map<string, CaseType> | null = null;

/**
 * The case type whose Spanish name is `title`: how a paperwork invoice issued before the type's
 * key was stored ("Matriculación del barco") is read in the reader's language. Undefined for a
 * name that is no type's (it then prints as stored).
 */
export function caseTypeNamed(title: string): CaseType | undefined {
  const t = getFixedT("es", "cases");
  spanishNames ??= new Map(caseTypes.map((type) => [t(`types.${type}`), type]));
  return spanishNames.get(title);
}
