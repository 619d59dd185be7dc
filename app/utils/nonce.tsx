import { createContext, useContext } from "react";

/** The per-request CSP nonce; empty in the browser (scripts already ran). */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
