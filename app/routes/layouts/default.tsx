import { Outlet, useRouteLoaderData, type MetaFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SiteFooter } from "#app/components/site-footer";
import { SiteHeader } from "#app/components/site-header";
import type { loader as rootLoader } from "#app/root";
import { errorMeta } from "#app/utils/meta";

/** The default layout: header, the page, footer. */
function Frame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <SiteHeader theme={root?.theme ?? "system"} />
      <div className="flex-1">{children}</div>
      <SiteFooter />
    </>
  );
}

export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export const meta: MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const root = matches.find((m) => m.id === "root")?.data as { errorCopy?: Parameters<typeof errorMeta>[1] } | undefined;
  return errorMeta(error, root?.errorCopy);
};

export function ErrorBoundary() {
  return (
    <Frame>
      <GeneralErrorBoundary />
    </Frame>
  );
}
