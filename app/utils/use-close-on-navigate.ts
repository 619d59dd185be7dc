import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** A `<details>` menu (which works without JavaScript) that closes once the page changes. */
export function useCloseOnNavigate<T extends HTMLDetailsElement>() {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [key]);
  return ref;
}
