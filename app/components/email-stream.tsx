import { useEffect } from "react";
import { startEmailStream, stopEmailStream } from "#app/utils/email-stream.client";

/**
 * Keeps the app's one email event stream open while someone is signed in and closes it when
 * nobody is. Renders nothing. The effect has no cleanup on purpose: re-running it (StrictMode,
 * re-renders) must never close and reopen the connection; `startEmailStream` is idempotent.
 */
export function EmailStream({ signedIn }: { signedIn: boolean }) {
  useEffect(() => {
    if (signedIn) startEmailStream();
    else stopEmailStream();
  }, [signedIn]);
  return null;
}
