import type { DocumentStore } from "#app/.server/store";
import { langCodes, type Lang } from "#app/i18n";
import { isServicePageKey, servicePageKeys, serviceTextsSchema, type ServicePageContent, type ServicePageKey, type ServiceTexts } from "#app/features/service-pages/service-pages";
import { defaultPrices, defaultTexts } from "./defaults";

/**
 * The service pages' content (texts in four languages and the price from) as data in the store,
 * so the team edits it from /admin/contenidos without a deploy. A page that was never edited
 * reads the texts it was launched with (`./defaults`), which the demo seed also writes. Reads
 * are kept in memory for a minute and forgotten at once on a save here; the visitors' cached
 * pages are forgotten through `onChange` on every server.
 */
export const SERVICE_PAGES = "service_pages";
const CACHE_MS = 60_000;

type StoredContent = Omit<ServicePageContent, "key">;

export class ServicePageError extends Error {
  override readonly name = "ServicePageError";
  constructor(readonly code: "not-found" | "invalid") {
    super(`service page: ${code}`);
  }
}

export function defaultContent(key: ServicePageKey): ServicePageContent {
  const texts = Object.fromEntries(langCodes.map((lang) => [lang, defaultTexts[lang][key]])) as ServicePageContent["texts"];
  return {
    key,
    priceFromEuros: defaultPrices[key],
    texts,
    updatedAt: null,
    updatedBy: null,
  };
}

/** Stored texts that no longer meet the editor's rules (or lack a language) read as the defaults. */
function fromStore(key: ServicePageKey, doc: StoredContent | null): ServicePageContent {
  const fallback = defaultContent(key);
  if (!doc) return fallback;
  const texts = { ...fallback.texts };
  for (const lang of langCodes) {
    const parsed = serviceTextsSchema.safeParse(doc.texts?.[lang]);
    if (parsed.success) texts[lang] = parsed.data;
  }
  const price = typeof doc.priceFromEuros === "number" && Number.isInteger(doc.priceFromEuros) && doc.priceFromEuros >= 0 ? doc.priceFromEuros : null;
  return {
    key,
    priceFromEuros: price,
    texts,
    updatedAt: doc.updatedAt ?? null,
    updatedBy: doc.updatedBy ?? null,
  };
}

export function createServicePagesService(deps: { store: DocumentStore; onChange?: (tags: string[]) => void; now?: () => number }) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<ServicePageKey, { at: number; content: ServicePageContent }>();

  async function get(key: ServicePageKey): Promise<ServicePageContent> {
    const hit = cache.get(key);
    if (hit && now() - hit.at < CACHE_MS) return hit.content;
    const content = fromStore(key, await store.get<StoredContent>(SERVICE_PAGES, key));
    cache.set(key, { at: now(), content });
    return content;
  }

  return {
    get,

    /** One language's texts and the price of a page (what a page renders). */
    async page(key: ServicePageKey, lang: Lang): Promise<{ priceFromEuros: number | null; texts: ServiceTexts }> {
      const content = await get(key);
      return {
        priceFromEuros: content.priceFromEuros,
        texts: content.texts[lang],
      };
    },

    /** Every page in one language, in navigation order (titles for menus). */
    async all(lang: Lang): Promise<
      Array<{
        key: ServicePageKey;
        priceFromEuros: number | null;
        texts: ServiceTexts;
      }>
    > {
      const contents = await Promise.all(servicePageKeys.map((key) => get(key)));
      return contents.map((content) => ({
        key: content.key,
        priceFromEuros: content.priceFromEuros,
        texts: content.texts[lang],
      }));
    },

    /** The team saves one language's texts and the page's price. */
    async save(
      key: string,
      input: {
        lang: Lang;
        texts: ServiceTexts;
        priceFromEuros: number | null;
        byUid: string;
      }
    ): Promise<ServicePageContent> {
      if (!isServicePageKey(key)) throw new ServicePageError("not-found");
      const parsed = serviceTextsSchema.safeParse(input.texts);
      const price = input.priceFromEuros;
      if (!parsed.success || (price !== null && (!Number.isInteger(price) || price < 0 || price > 1_000_000))) throw new ServicePageError("invalid");
      const saved = await store.runTransaction(async (tx) => {
        const current = fromStore(key, await tx.get<StoredContent>(SERVICE_PAGES, key));
        const next: StoredContent = {
          priceFromEuros: price,
          texts: { ...current.texts, [input.lang]: parsed.data },
          updatedAt: new Date(now()).toISOString(),
          updatedBy: input.byUid,
        };
        tx.set(SERVICE_PAGES, key, next);
        return { key, ...next };
      });
      cache.delete(key);
      // The index page lists every procedure's title and price.
      deps.onChange?.([`service:${key}`, "service:gestoria"]);
      return saved;
    },

    /** Writes the launch texts of every page not yet in the store (the demo seed). */
    async seedDefaults(): Promise<number> {
      let written = 0;
      for (const key of servicePageKeys) {
        const { key: _key, ...content } = defaultContent(key);
        const created = await store.runTransaction(async (tx) => {
          if (await tx.get(SERVICE_PAGES, key)) return false;
          tx.set(SERVICE_PAGES, key, content);
          return true;
        });
        if (created) written++;
      }
      cache.clear();
      return written;
    },
  };
}

export type ServicePagesService = ReturnType<typeof createServicePagesService>;
