/** What the profile page's forms share (browser and server): the intents, photo limits, classes and the last result. */
import { useActionData, useLoaderData } from "@remix-run/react";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MIN_PHOTO_SIDE } from "#app/utils/photos";
import type { action, loader } from "../profile";
import { useNotice, type NoticeKey } from "#app/utils/notice";

export type Intent = "photo" | "removePhoto" | "profile" | "email" | "password";

/** What each form flashes once saved (decision record 033): the action redirects back to its section. */
export const NOTICES = {
  photo: "profile:photo.saved",
  removePhoto: "profile:photo.removed",
  profile: "profile:profile.saved",
  email: "profile:email.saved",
  password: "profile:password.saved",
} as const satisfies Record<Intent, NoticeKey>;

export const PHOTO_LIMITS = { max: MAX_PHOTO_BYTES / (1024 * 1024), min: MIN_PHOTO_SIDE, pixels: MAX_PHOTO_PIXELS / 1_000_000 };


type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = ReturnType<typeof useActionData<typeof action>>;

export type FormProps = { loaderData: LoaderData; actionData: ActionData };

/** The refusal of the last submission, for the form that sent it, once the page has settled; its notice once saved. */
export function useLastResult(intent: Intent, actionData: ActionData) {
  const lastResult = useWhenIdle(actionData?.intent === intent ? actionData.result : undefined);
  const saved = useNotice(NOTICES[intent]);
  const submitting = usePending({ intent });
  return { lastResult, saved, submitting };
}
