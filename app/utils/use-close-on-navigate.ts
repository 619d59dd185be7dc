import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * A `<details>` menu (which works without JavaScript) that closes once the page changes — not
 * when the page hydrates: on a slow phone a menu opened before the JavaScript arrived stays open.
 */
export function useCloseOnNavigate<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  const shownFor = useRef(key);
  useEffect(() => {
    if (shownFor.current === key) return;
    shownFor.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  return ref;
}
