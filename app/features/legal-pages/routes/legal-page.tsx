import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type MetaFunction } from "@remix-run/react";
import { requestContext } from "#app/.server/http/request-context";
import { invariantResponse } from "#app/.server/http/responses";
import { visitorPageHeaders } from "#app/.server/page-cache";
import { LegalFrame, LegalText } from "#app/features/legal-pages/components/legal-text";
import { SHARED_WITH_VISITORS, withLoaderHeaders } from "#app/utils/headers";
import { legalPageOfPath } from "#app/features/legal-pages/legal-pages";
import { seoMeta } from "#app/utils/meta";

/**
 * /aviso-legal, /privacidad, /cookies and /condiciones (and their /en, /fr, /de twins): the text
 * the team keeps in the store (edited at /admin/contenidos), rendered as React text. Visitors
 * share the page; an edit forgets it (tag `legal:{key}`).
 */
export const handle = { i18n: ["legal"], pageCache: SHARED_WITH_VISITORS };

export const headers = withLoaderHeaders;

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "legal");
  const key = legalPageOfPath(ctx.path);
  invariantResponse(key && key !== "contacto", ctx.request);
  const content = await ctx.services.legalPages.get(key);
  const texts = content.texts[ctx.lang];
  return data(
    {
      key,
      meta: { title: ctx.t("meta.title", { title: texts.title }), description: texts.summary },
      texts,
      updatedAt: content.updatedAt,
    },
    { headers: visitorPageHeaders({ tags: [`legal:${key}`] }) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

export default function LegalPage() {
  const { key, texts, updatedAt } = useLoaderData<typeof loader>();
  return (
    <LegalFrame current={key} title={texts.title} summary={texts.summary} updatedAt={updatedAt}>
      <article>
        <LegalText body={texts.body} />
      </article>
    </LegalFrame>
  );
}
