import { useRootData } from "#app/utils/root-data";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, the page, footer: the frame every layout shares. */
export function SiteFrame({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <>
      <SiteHeader theme={root?.theme ?? "system"} user={root?.user ?? null} />
      <div className="flex-1">{children}</div>
      <SiteFooter />
    </>
  );
}
