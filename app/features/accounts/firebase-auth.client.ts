/**
 * The Firebase JS SDK in the browser (firebase backend only): a Google popup sign-in whose
 * fresh ID token is synced to the server (the spec's auth-token sync: POST with a Bearer
 * token; DELETE when signed out). Loaded on demand, never on the embedded backend.
 */
export type FirebaseWebConfig = { apiKey: string; authDomain: string; projectId: string; authEmulatorUrl: string | null };

async function firebaseAuth(config: FirebaseWebConfig) {
  const [{ initializeApp, getApps }, auth] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
  const app = getApps()[0] ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  const instance = auth.getAuth(app);
  if (config.authEmulatorUrl && !instance.emulatorConfig) {
    auth.connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
  }
  return { auth, instance };
}

/** Opens Google's popup, then exchanges the ID token for a server session. Returns the error code on failure. */
export async function signInWithGooglePopup(config: FirebaseWebConfig): Promise<{ ok: true } | { ok: false; code: string }> {
  try {
    const { auth, instance } = await firebaseAuth(config);
    const credential = await auth.signInWithPopup(instance, new auth.GoogleAuthProvider());
    const idToken = await credential.user.getIdToken();
    // The page's language goes along: a first Google sign-in makes the profile in it.
    const lang = encodeURIComponent(document.documentElement.lang);
    const response = await fetch(`/api/auth/session?lang=${lang}`, { method: "POST", headers: { Authorization: `Bearer ${idToken}` } });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      return { ok: false, code: body.error ?? "internal-error" };
    }
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code?.replace(/^auth\//, "") ?? "internal-error";
    console.warn("Google sign-in failed", code);
    return { ok: false, code };
  }
}

/** Signs the browser SDK out and tells the server (DELETE). */
export async function signOutFirebase(config: FirebaseWebConfig): Promise<void> {
  try {
    const { auth, instance } = await firebaseAuth(config);
    await auth.signOut(instance);
  } finally {
    await fetch("/api/auth/session", { method: "DELETE" }).catch((error: unknown) => console.warn("Session delete failed", error));
  }
}
