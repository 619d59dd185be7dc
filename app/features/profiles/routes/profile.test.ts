import { describe, expect, it, vi } from "vitest";
import { i18nFor } from "#app/.server/i18n";
import { identityErrorCodes, isIdentityError } from "#app/.server/identity";
import { langCodes } from "#app/i18n";
import { hostileBodies, hostilePost } from "#tests/hostile-bodies";
import { authedRequest, createTestUser, formPost, sessionCookie, settle } from "#tests/test-services";
import { action, loader } from "./profile";
import { context, cookieOf, nextSecond, savedAs, services, setCookieOf, signedInAs, statusOf, submit, jpeg, withTestServices, type Reply } from "#tests/profile-fixtures";

withTestServices();

describe("/ajustes/mi-perfil", () => {
  it("sends anonymous visitors to sign in, in their language", async () => {
    for (const [path, location] of [
      ["/ajustes/mi-perfil", "/login?redirect=%2Fajustes%2Fmi-perfil"],
      ["/fr/ajustes/mi-perfil", "/fr/login?redirect=%2Ffr%2Fajustes%2Fmi-perfil"],
    ]) {
      const viaLoader = await settle(() => loader({ request: new Request(`http://localhost:3000${path}`), params: {}, context: context() }));
      expect(viaLoader).toBeInstanceOf(Response);
      expect((viaLoader as Response).status).toBe(302);
      expect((viaLoader as Response).headers.get("Location")).toBe(location);
      const viaAction = await settle(() => action({ request: formPost(path, { intent: "profile", displayName: "Intruder" }), params: {}, context: context() }));
      expect((viaAction as Response).headers.get("Location")).toBe(location);
    }
  });

  it("loads the profile, translated language names and the password policy", async () => {
    const person = await createTestUser(services, { displayName: "Lucía Pérez" });
    const data = await loader({ request: authedRequest("/ajustes/mi-perfil", person.cookie), params: {}, context: context() });
    expect(data.meta.title).toMatch(/perfil/i);
    expect(data.profile).toMatchObject({ displayName: "Lucía Pérez", email: person.email, slug: person.slug, kind: "person" });
    expect(data.company).toBeNull();
    expect(data.languageOptions.find((o) => o.code === "en")?.label).toBe("Inglés");
    expect(data.policy.minLength).toBeGreaterThanOrEqual(6);
    expect(data.passwordHints[0]).toEqual({ key: "password.minLength", values: { count: data.policy.minLength } });
    const german = await loader({ request: authedRequest("/de/ajustes/mi-perfil", person.cookie), params: {}, context: context() });
    expect(german.languageOptions.find((o) => o.code === "en")?.label).toBe("Englisch");
    expect(german.meta.title).not.toBe(data.meta.title);
  });

  it("shows a professional's company details", async () => {
    const email = `pro-${Date.now()}@amarre.test`;
    const session = await services.accounts.register({
      email,
      password: "correct-horse-battery",
      displayName: "Náutica Sol",
      kind: "professional",
      company: { name: "Náutica Sol S.L.", taxId: "B12345678", phone: "+34 600 000 000", address: "Muelle 1, Palma" },
      lang: "es",
      origin: "http://localhost:3000",
    });
    const cookie = await sessionCookie(services, session);
    const data = await loader({ request: authedRequest("/ajustes/mi-perfil", cookie), params: {}, context: context() });
    expect(data.company).toEqual({ name: "Náutica Sol S.L.", taxId: "B12345678", phone: "+34 600 000 000", address: "Muelle 1, Palma" });
  });

  it("saves the profile and renames the cookie session", async () => {
    const person = await createTestUser(services, { displayName: "Marta Ruiz" });
    const reply = await submit(
      "/ajustes/mi-perfil",
      {
        intent: "profile",
        displayName: "  Marta R.  ",
        // The old third-party link field is gone: a link sent anyway is ignored.
        photoUrl: "https://images.example.com/marta.jpg",
        bio: "Patrona de yate desde 2010.",
        languages: ["es", "en", "ca"],
        phone: "+34 611 22 33 44",
      },
      person.cookie,
    );
    // The renamed session carries the notice: one Set-Cookie for the one cookie.
    expect(await savedAs(reply, person.cookie)).toMatchObject({ location: "/ajustes/mi-perfil#profile-form-title", key: "profile:profile.saved", text: "Perfil guardado." });
    const saved = await services.users.get(person.uid);
    expect(saved).toMatchObject({
      displayName: "Marta R.",
      photo: null,
      bio: "Patrona de yate desde 2010.",
      languages: ["es", "en", "ca"],
      phone: "+34 611 22 33 44",
    });
    const session = await services.sessions.getSession(cookieOf(reply));
    expect(session.get("displayName")).toBe("Marta R.");
    expect(session.get("token")).toBe(person.token);

    // Emptying the optional fields clears them; the same name leaves the cookie alone.
    const cleared = await submit("/ajustes/mi-perfil", { intent: "profile", displayName: "Marta R." }, cookieOf(reply));
    expect(statusOf(cleared)).toBe(303);
    // The same name leaves the session as it was, with the notice flashed into it.
    const clearedSession = await services.sessions.getSession(setCookieOf(cleared)!.split(";")[0]);
    expect(clearedSession.get("displayName")).toBe("Marta R.");
    expect(clearedSession.get("token")).toBe(person.token);
    expect((await savedAs(cleared, cookieOf(reply))).key).toBe("profile:profile.saved");
    expect(await services.users.get(person.uid)).toMatchObject({ photo: null, bio: "", languages: [], phone: null });
  });

  it("keeps the language of the person's emails: shown, changed, left alone when not sent, refused when unknown", async () => {
    const person = await createTestUser(services);
    const page = async () => (await loader({ request: authedRequest("/ajustes/mi-perfil", person.cookie), params: {}, context: context() })).profile;
    expect((await page()).emailLang).toBe("es");

    const changed = await submit("/ajustes/mi-perfil", { intent: "profile", displayName: "Hanna", emailLang: "de" }, person.cookie);
    expect((await savedAs(changed, person.cookie)).key).toBe("profile:profile.saved");
    expect((await services.users.get(person.uid))?.lang).toBe("de");
    expect((await page()).emailLang).toBe("de");

    // A form without the field (an older page) leaves it as it is.
    await submit("/ajustes/mi-perfil", { intent: "profile", displayName: "Hanna" }, person.cookie);
    expect((await services.users.get(person.uid))?.lang).toBe("de");

    const unknown = await submit("/ajustes/mi-perfil", { intent: "profile", displayName: "Hanna", emailLang: "it" }, person.cookie);
    expect(statusOf(unknown)).toBe(400);
    expect(unknown.data.result.error?.emailLang).toEqual(["Elige una de las opciones"]);
    expect((await services.users.get(person.uid))?.lang).toBe("de");
  });

  it("answers bad input with 400 and translated field errors, in Spanish and in English", async () => {
    const person = await createTestUser(services);
    const fields = { intent: "profile", displayName: "", phone: "call me", languages: ["es", "klingon"] };
    const spanish = await submit("/ajustes/mi-perfil", fields, person.cookie);
    expect(statusOf(spanish)).toBe(400);
    expect(spanish.data.saved).toBe(false);
    expect(spanish.data.result.error).toMatchObject({
      displayName: ["Requerido"],
      phone: ["Introduce un teléfono válido"],
    });
    expect(Object.keys(spanish.data.result.error ?? {}).some((key) => key.startsWith("languages"))).toBe(true);

    const english = await submit("/en/ajustes/mi-perfil", fields, person.cookie);
    expect(statusOf(english)).toBe(400);
    expect(english.data.result.error).toMatchObject({
      displayName: ["Required"],
      phone: ["Enter a valid phone number"],
    });
    // Control characters (a %00, an escape) are refused on their fields, nothing saved (issue 43).
    const controls = await submit("/en/ajustes/mi-perfil", { intent: "profile", displayName: "Marta\u0000", bio: "Patrona\u001b[31m de yate." }, person.cookie);
    expect(statusOf(controls)).toBe(400);
    const refused = ["This text contains invisible control characters (such as NUL) that cannot be saved. Type it again or paste it as plain text."];
    expect(controls.data.result.error).toEqual({ displayName: refused, bio: refused });
    expect((await services.users.get(person.uid))?.displayName).not.toContain("\u0000");

    const email = await submit("/ajustes/mi-perfil", { intent: "email", email: "not-an-email", currentPassword: "" }, person.cookie);
    expect(statusOf(email)).toBe(400);
    expect(email.data.result.error?.email?.[0]).toMatch(/correo/i);
    expect(email.data.result.error?.currentPassword).toEqual(["Requerido"]);

    const unknown = await settle(() => action({ request: formPost("/ajustes/mi-perfil", { intent: "delete-everything" }, person.cookie), params: {}, context: context() }));
    expect((unknown as unknown as Reply).init?.status).toBe(400);
  });

  it("refuses an email change with a wrong current password, and never echoes passwords", async () => {
    const person = await createTestUser(services);
    const reply = await submit(
      "/ajustes/mi-perfil",
      { intent: "email", email: "elsewhere@amarre.test", currentPassword: "not-my-password" },
      person.cookie,
    );
    expect(statusOf(reply)).toBe(400);
    expect(reply.data.result.error?.currentPassword).toEqual(["La contraseña actual no es correcta."]);
    expect(JSON.stringify(reply.data.result)).not.toContain("not-my-password");
    expect((await services.users.get(person.uid))?.email).toBe(person.email);
    expect(await services.identity.getUserByEmail("elsewhere@amarre.test")).toBeNull();
  });

  it("refuses a new email that another account uses, or the current one", async () => {
    const person = await createTestUser(services);
    const other = await createTestUser(services);
    const taken = await submit("/ajustes/mi-perfil", { intent: "email", email: other.email, currentPassword: person.password }, person.cookie);
    expect(statusOf(taken)).toBe(400);
    expect(taken.data.result.error?.email).toEqual(["Ya existe una cuenta con ese correo electrónico."]);
    const same = await submit("/ajustes/mi-perfil", { intent: "email", email: person.email.toUpperCase(), currentPassword: person.password }, person.cookie);
    expect(statusOf(same)).toBe(400);
    expect(same.data.result.error?.email).toEqual(["Ese ya es tu correo electrónico."]);
  });

  it("refuses credentials that prove another account (user-mismatch)", async () => {
    const person = await createTestUser(services);
    const other = await createTestUser(services);
    // The identity service answers the re-authentication with another account (as it would if
    // the session's address had meanwhile passed to someone else): the change is refused.
    const otherIdentity = (await services.identity.getUser(other.uid))!;
    const signIn = vi.spyOn(services.identity, "signInWithPassword").mockResolvedValueOnce(otherIdentity);
    const reply = await submit("/ajustes/mi-perfil", { intent: "email", email: "new@amarre.test", currentPassword: other.password }, person.cookie);
    signIn.mockRestore();
    expect(statusOf(reply)).toBe(400);
    expect(reply.data.result.error?.[""]).toEqual(["Esas credenciales pertenecen a otra cuenta, no a la de la sesión abierta."]);
    expect((await services.identity.getUser(person.uid))?.email).toBe(person.email);
  });

  it("changes the email, renews the session and signs in with the new address", async () => {
    const person = await createTestUser(services);
    const newEmail = `renamed-${Date.now()}@amarre.test`;
    const reply = await submit(
      "/ajustes/mi-perfil",
      { intent: "email", email: `  ${newEmail.toUpperCase()} `, currentPassword: person.password },
      person.cookie,
    );
    expect(await savedAs(reply, person.cookie)).toMatchObject({ location: "/ajustes/mi-perfil#email-form-title", key: "profile:email.saved", text: `Correo cambiado. A partir de ahora entra con ${newEmail}.` });
    const session = await services.sessions.getSession(cookieOf(reply));
    expect(session.data).toMatchObject({ uid: person.uid, email: newEmail, displayName: person.displayName, slug: person.slug });
    expect((await signedInAs(cookieOf(reply)))?.email).toBe(newEmail);
    expect((await services.users.get(person.uid))?.email).toBe(newEmail);
    expect((await services.accounts.signIn(newEmail, person.password)).uid).toBe(person.uid);
    await expect(services.accounts.signIn(person.email, person.password)).rejects.toSatisfy((error) => isIdentityError(error, "invalid-credential"));
  });

  it("enforces the password policy and the confirmation, in the page's language", async () => {
    const person = await createTestUser(services);
    const short = await submit(
      "/ajustes/mi-perfil",
      { intent: "password", currentPassword: person.password, password: "abc", confirmPassword: "abc" },
      person.cookie,
    );
    expect(statusOf(short)).toBe(400);
    expect(short.data.result.error?.password?.[0]).toMatch(/6/);
    expect(short.data.result.error?.password?.[0]).toMatch(/caracteres/);
    expect(JSON.stringify(short.data.result)).not.toContain(person.password);

    const mismatch = await submit(
      "/de/ajustes/mi-perfil",
      { intent: "password", currentPassword: person.password, password: "long-enough-1", confirmPassword: "long-enough-2" },
      person.cookie,
    );
    expect(statusOf(mismatch)).toBe(400);
    expect(mismatch.data.result.error?.confirmPassword).toEqual(["Die Passwörter stimmen nicht überein"]);

    const wrong = await submit(
      "/en/ajustes/mi-perfil",
      { intent: "password", currentPassword: "wrong-password", password: "long-enough-1", confirmPassword: "long-enough-1" },
      person.cookie,
    );
    expect(statusOf(wrong)).toBe(400);
    expect(wrong.data.result.error?.currentPassword).toEqual(["The current password is not correct."]);
    expect((await services.accounts.signIn(person.email, person.password)).uid).toBe(person.uid);
  });

  it("changes the password, revokes the old session and keeps this browser signed in", async () => {
    const person = await createTestUser(services);
    await nextSecond();
    const reply = await submit(
      "/ajustes/mi-perfil",
      { intent: "password", currentPassword: person.password, password: "a-brand-new-secret", confirmPassword: "a-brand-new-secret" },
      person.cookie,
    );
    expect(await savedAs(reply, person.cookie)).toMatchObject({ location: "/ajustes/mi-perfil#password-form-title", key: "profile:password.saved" });
    expect(await signedInAs(person.cookie)).toBeNull();
    expect((await signedInAs(cookieOf(reply)))?.uid).toBe(person.uid);
    expect((await services.accounts.signIn(person.email, "a-brand-new-secret")).uid).toBe(person.uid);
    await expect(services.accounts.signIn(person.email, person.password)).rejects.toSatisfy((error) => isIdentityError(error, "invalid-credential"));

    // The revoked cookie cannot change anything any more.
    const stale = await settle(() =>
      action({ request: formPost("/ajustes/mi-perfil", { intent: "profile", displayName: "Hijacked" }, person.cookie), params: {}, context: context() }),
    );
    expect((stale as Response).status).toBe(302);
    expect((await services.users.get(person.uid))?.displayName).toBe(person.displayName);
  });

  it("loses nothing already saved when a submission is rejected", async () => {
    const person = await createTestUser(services, { displayName: "Jordi Vidal" });
    const good = await submit(
      "/ajustes/mi-perfil",
      { intent: "profile", displayName: "Jordi Vidal", bio: "Regatista.", languages: ["ca", "es"], phone: "+34 622 000 111" },
      person.cookie,
    );
    expect((await savedAs(good, person.cookie)).key).toBe("profile:profile.saved");
    const before = await services.users.get(person.uid);

    const rejected = [
      await submit("/ajustes/mi-perfil", { intent: "profile", displayName: "J", bio: "x".repeat(1001), phone: "?" }, person.cookie),
      await submit("/ajustes/mi-perfil", { intent: "email", email: "new@amarre.test", currentPassword: "nope-nope" }, person.cookie),
      await submit("/ajustes/mi-perfil", { intent: "password", currentPassword: "nope-nope", password: "another-secret", confirmPassword: "another-secret" }, person.cookie),
    ];
    for (const reply of rejected) {
      expect(statusOf(reply)).toBe(400);
      expect(setCookieOf(reply)).toBeNull();
    }
    expect(rejected[0].data.result.initialValue).toMatchObject({ displayName: "J", phone: "?" });
    const after = await services.users.get(person.uid);
    expect(after).toEqual(before);
    expect(await signedInAs(person.cookie)).not.toBeNull();
    expect((await services.accounts.signIn(person.email, person.password)).uid).toBe(person.uid);
  });

  it("reads every form through the body gate and a schema per intent: bodies no form sends are 400/413/415, an unknown form a translated 400, nothing changed", async () => {
    const person = await createTestUser(services, { displayName: "Nora Cuerpos" });
    const raw = async (init: RequestInit, lang = "") => (await settle(() => action({ request: hostilePost(`${lang}/ajustes/mi-perfil`, person.cookie, init), params: {}, context: context() }))) as unknown as Reply;
    const json = await raw(hostileBodies.json({ intent: "profile", displayName: "Hijacked" }), "/en");
    expect(statusOf(json)).toBe(415);
    expect((json.data as unknown as { formErrors: string[] }).formErrors).toHaveLength(1);
    expect(statusOf(await raw(hostileBodies.invalidUtf8()))).toBe(400);
    expect(statusOf(await raw(hostileBodies.megabytes("profile", "bio")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.manyFields("profile")))).toBe(413);
    expect(statusOf(await raw(hostileBodies.brokenMultipart()))).toBe(400);
    const unknown = await submit("/en/ajustes/mi-perfil", { intent: "delete-account" }, person.cookie);
    expect(statusOf(unknown)).toBe(400);
    expect(unknown.data).toMatchObject({ formErrors: ["We did not understand this submission. Try again from the form on the page."] });
    const form = new FormData();
    form.set("intent", "profile");
    form.set("photo", await jpeg(), "yo.jpg");
    const wrongUpload = await raw({ body: form }, "/fr");
    expect(statusOf(wrongUpload)).toBe(400);
    expect(wrongUpload.data).toMatchObject({ formErrors: ["Nous n’avons pas compris cet envoi. Réessayez depuis le formulaire de la page."] });
    expect(await services.users.get(person.uid)).toMatchObject({ displayName: "Nora Cuerpos", photo: null });
  });

  it("has a message for every identity error code, in the four languages", () => {
    for (const lang of langCodes) {
      for (const code of identityErrorCodes) {
        expect(i18nFor(lang).exists(`identityErrors.${code}`, { ns: "profile" }), `${lang} ${code}`).toBe(true);
      }
    }
  });
});
