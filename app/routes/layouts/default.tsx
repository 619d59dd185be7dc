import { Outlet, type MetaFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SiteFrame } from "#app/components/site-frame";
import { errorMeta, type ErrorCopy } from "#app/utils/meta";

/** The default layout: header, the page, footer. */
export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export const meta: MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const root = matches.find((m) => m.id === "root")?.data as { errorCopy?: ErrorCopy } | undefined;
  return errorMeta(error, root?.errorCopy);
};

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <GeneralErrorBoundary />
    </SiteFrame>
  );
}
