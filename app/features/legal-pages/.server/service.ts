import type { DocumentStore } from "#app/.server/store";
import { langCodes, type Lang } from "#app/i18n";
import { isLegalPageKey, legalPageKeys, legalTextsSchema, type LegalPageContent, type LegalPageKey, type LegalTexts } from "#app/features/legal-pages/legal-pages";
import { defaultLegalTexts } from "./defaults";

/**
 * The legal pages' texts in four languages as data in the store, so the team edits them from
 * /admin/contenidos without a deploy (the same way as the service pages). A page never edited
 * reads the texts shipped with the app (`./defaults`), which the demo seed also writes. Reads are
 * kept in memory for a minute and forgotten at once on a save here; visitors' cached pages are
 * forgotten through `onChange` (tag `legal:{key}`) on every server.
 */
export const LEGAL_PAGES = "legal_pages";
const CACHE_MS = 60_000;

type StoredContent = Omit<LegalPageContent, "key">;

export class LegalPageError extends Error {
  override readonly name = "LegalPageError";
  constructor(readonly code: "not-found" | "invalid") {
    super(`legal page: ${code}`);
  }
}

export function defaultLegalContent(key: LegalPageKey): LegalPageContent {
  const texts = Object.fromEntries(langCodes.map((lang) => [lang, defaultLegalTexts[lang][key]])) as LegalPageContent["texts"];
  return { key, texts, updatedAt: null, updatedBy: null };
}

/** Stored texts that no longer meet the editor's rules (or lack a language) read as the defaults. */
function fromStore(key: LegalPageKey, doc: StoredContent | null): LegalPageContent {
  const fallback = defaultLegalContent(key);
  if (!doc) return fallback;
  const texts = { ...fallback.texts };
  for (const lang of langCodes) {
    const parsed = legalTextsSchema.safeParse(doc.texts?.[lang]);
    if (parsed.success) texts[lang] = parsed.data;
  }
  return { key, texts, updatedAt: doc.updatedAt ?? null, updatedBy: doc.updatedBy ?? null };
}

export function createLegalPagesService(deps: { store: DocumentStore; onChange?: (tags: string[]) => void; now?: () => number }) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<LegalPageKey, { at: number; content: LegalPageContent }>();

  async function get(key: LegalPageKey): Promise<LegalPageContent> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_MS) return hit.content;
    const content = fromStore(key, await store.get<StoredContent>(LEGAL_PAGES, key));
    cache.set(key, { at: now(), content });
    return content;
  }

  return {
    get,

    /** One language's texts of a page (what the page renders). */
    async page(key: LegalPageKey, lang: Lang): Promise<LegalTexts> {
      return (await get(key)).texts[lang];
    },

    /** Every page, in footer order (the admin's list). */
    async all(): Promise<LegalPageContent[]> {
      return Promise.all(legalPageKeys.map((key) => get(key)));
    },

    /** The team saves one language's texts of a page; the others keep theirs. */
    async save(key: string, input: { lang: Lang; texts: LegalTexts; byUid: string }): Promise<LegalPageContent> {
      if (!isLegalPageKey(key)) throw new LegalPageError("not-found");
      const parsed = legalTextsSchema.safeParse(input.texts);
      if (!parsed.success || !(langCodes as readonly string[]).includes(input.lang)) throw new LegalPageError("invalid");
      const saved = await store.runTransaction(async (tx) => {
        const current = fromStore(key, await tx.get<StoredContent>(LEGAL_PAGES, key));
        const next: StoredContent = {
          texts: { ...current.texts, [input.lang]: parsed.data },
          updatedAt: new Date(now()).toISOString(),
          updatedBy: input.byUid,
        };
        tx.set(LEGAL_PAGES, key, next);
        return { key, ...next };
      });
      cache.delete(key);
      deps.onChange?.([`legal:${key}`]);
      return saved;
    },

    /** Writes the shipped texts of every page not yet in the store (the demo seed). */
    async seedDefaults(): Promise<number> {
      let written = 0;
      for (const key of legalPageKeys) {
        const { key: _key, ...content } = defaultLegalContent(key);
        const created = await store.runTransaction(async (tx) => {
          if (await tx.get(LEGAL_PAGES, key)) return false;
          tx.set(LEGAL_PAGES, key, content);
          return true;
        });
        if (created) written++;
      }
      cache.clear();
      return written;
    },

    /**
     * Writes the shipped texts of `keys` over stored ones the team never edited (seeded, `updatedBy`
     * null): a store seeded before the defaults changed reads the new texts; an edited page keeps
     * the team's. Answers how many pages it wrote.
     */
    async refreshUnedited(keys: readonly LegalPageKey[]): Promise<number> {
      let written = 0;
      for (const key of keys) {
        const { key: _key, ...content } = defaultLegalContent(key);
        const refreshed = await store.runTransaction(async (tx) => {
          const stored = await tx.get<StoredContent>(LEGAL_PAGES, key);
          if (stored && stored.updatedBy) return false;
          tx.set(LEGAL_PAGES, key, content);
          return true;
        });
        if (refreshed) {
          written++;
          deps.onChange?.([`legal:${key}`]);
        }
      }
      cache.clear();
      return written;
    },
  };
}

export type LegalPagesService = ReturnType<typeof createLegalPagesService>;
