/** /ajustes/mi-perfil: the profile photo form (the other forms: profile.test.ts). */
import { describe, expect, it } from "vitest";
import { loader as photoLoader } from "#app/features/listings/routes/photo";
import { authedRequest, createTestUser, settle } from "#tests/test-services";
import { action, loader } from "./profile";
import { context, savedAs, services, statusOf, submit, jpeg, withTestServices, type Reply } from "#tests/profile-fixtures";

withTestServices();

/** The photo form as a browser sends it: multipart, one file. */
async function uploadPhoto(path: string, cookie: string, file: Blob | null, name = "yo.jpg") {
  const form = new FormData();
  form.set("intent", "photo");
  if (file) form.set("photo", file, name);
  return (await settle(() => action({ request: authedRequest(path, cookie, { method: "POST", body: form }), params: {}, context: context() }))) as unknown as Reply;
}


async function fetchPhoto(folder: string, width: number) {
  const splat = `${folder}/${width}.webp`;
  return photoLoader({ request: new Request(`http://localhost:3000/photos/${splat}`), params: { "*": splat }, context: context() });
}

describe("/ajustes/mi-perfil: the profile photo", () => {
  it("uploads a photo through the photo pipeline, replaces it, and removes it, files included", async () => {
    const person = await createTestUser(services, { displayName: "Irene Vidal" });
    // Any file name is data.
    const first = await uploadPhoto("/ajustes/mi-perfil", person.cookie, await jpeg(), "a=b;c.jpg");
    expect(await savedAs(first, person.cookie)).toMatchObject({ location: "/ajustes/mi-perfil#photo-form-title", key: "profile:photo.saved", text: "Tu foto de perfil se ha guardado." });
    const photo = (await services.users.get(person.uid))!.photo!;
    expect(photo.folder).toMatch(/^users\/[a-z2-7]+\/[^/]+$/);
    expect(photo.widths).toEqual([320, 600]);
    const served = await fetchPhoto(photo.folder, 320);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");

    // The page shows it: the loader hands the stored variants, never an outside address.
    const page = await loader({ request: authedRequest("/ajustes/mi-perfil", person.cookie), params: {}, context: context() });
    expect(page.profile.photo).toEqual(photo);

    const second = await uploadPhoto("/ajustes/mi-perfil", person.cookie, await jpeg(800));
    expect((await savedAs(second, person.cookie)).key).toBe("profile:photo.saved");
    const replaced = (await services.users.get(person.uid))!.photo!;
    expect(replaced.folder).not.toBe(photo.folder);
    expect((await fetchPhoto(photo.folder, 320)).status).toBe(404);

    const removed = await submit("/ajustes/mi-perfil", { intent: "removePhoto" }, person.cookie);
    expect((await savedAs(removed, person.cookie)).key).toBe("profile:photo.removed");
    expect((await services.users.get(person.uid))!.photo).toBeNull();
    expect((await fetchPhoto(replaced.folder, 320)).status).toBe(404);
  });

  it("refuses what is not a usable photo with a translated message, keeping the current one", async () => {
    const person = await createTestUser(services);
    await uploadPhoto("/ajustes/mi-perfil", person.cookie, await jpeg());
    const before = (await services.users.get(person.uid))!.photo;

    const text = await uploadPhoto("/ajustes/mi-perfil", person.cookie, new Blob(["<svg/>"], { type: "image/svg+xml" }), "x.svg");
    expect(statusOf(text)).toBe(400);
    expect(text.data.result.error?.photo).toEqual(["La foto no es JPEG, PNG ni WebP"]);
    const small = await uploadPhoto("/en/ajustes/mi-perfil", person.cookie, await jpeg(100));
    expect(small.data.result.error?.photo).toEqual(["The photo is too small: each side must be at least 200 pixels"]);
    const none = await uploadPhoto("/fr/ajustes/mi-perfil", person.cookie, null);
    expect(none.data.result.error?.photo).toEqual(["Choisissez une photo"]);
    const broken = await settle(() =>
      action({
        request: authedRequest("/de/ajustes/mi-perfil", person.cookie, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
          body: "--xyz\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\nphoto",
        }),
        params: {},
        context: context(),
      }),
    ) as unknown as Reply;
    expect(statusOf(broken)).toBe(400);
    expect(broken.data.result.error?.photo).toEqual(["Wir konnten die Übertragung nicht lesen. Bitte versuchen Sie es erneut."]);
    expect((await services.users.get(person.uid))!.photo).toEqual(before);
  });

  it("drops a third-party photo link saved before uploads: the person shows their initials", async () => {
    const person = await createTestUser(services);
    await services.store.update("profiles", person.uid, { photoUrl: "https://tracker.example/pixel.jpg" });
    const page = await loader({ request: authedRequest("/ajustes/mi-perfil", person.cookie), params: {}, context: context() });
    expect(page.profile.photo).toBeNull();
    expect(JSON.stringify(page)).not.toContain("tracker.example");
  });
});
