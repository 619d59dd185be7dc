import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SiteFrame } from "#app/features/site/components/site-frame";
import { layoutMeta } from "#app/utils/meta";

/** The default layout: header, the page, footer. */
export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export const meta = layoutMeta({ noindex: false });

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <GeneralErrorBoundary />
    </SiteFrame>
  );
}
