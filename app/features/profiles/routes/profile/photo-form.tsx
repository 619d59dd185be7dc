/** The photo form (upload) and the remove button. */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Avatar } from "#app/components/avatar";
import { FileField, Notice } from "#app/components/forms";
import { profilePhotoSchema } from "#app/features/accounts";
import { PHOTO_ACCEPT } from "#app/utils/photos";
import { usePending } from "#app/utils/use-pending";
import { NOTICES, PHOTO_LIMITS, useLastResult, type FormProps } from "./shared";
import { useNotice } from "#app/utils/notice";
import { useZodForm } from "#app/utils/use-zod-form";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";

export function PhotoForm({ loaderData, actionData }: FormProps) {
  const { t } = useTranslation("profile");
  const { profile } = loaderData;
  const { lastResult, saved, submitting } = useLastResult("photo", actionData);
  const removed = useNotice(NOTICES.removePhoto);
  const removing = usePending({ intent: "removePhoto" });
  const [form, fields] = useZodForm(profilePhotoSchema, t, { id: "photo-form", lastResult, validate: "onSubmit" });
  return (
    <section aria-labelledby="photo-form-title" className={cardClass("lg")}>
      <h2 id="photo-form-title" className="text-xl font-bold">{t("photo.title")}</h2>
      {saved ? <Notice>{saved.text}</Notice> : null}
      {removed ? <Notice>{removed.text}</Notice> : null}
      <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-start">
        <Avatar name={profile.displayName} photo={profile.photo} size="lg" alt={profile.photo ? t("photo.alt") : ""} />
        <div className="min-w-0 flex-1 space-y-4">
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="photo" />
            <FileField meta={fields.photo} accept={PHOTO_ACCEPT} label={t("photo.file")} hint={t("photo.hint", { max: PHOTO_LIMITS.max, min: PHOTO_LIMITS.min })} />
            <Button size="lg" disabled={submitting}>{t("photo.submit")}</Button>
          </Form>
          {profile.photo ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removePhoto" />
              <Button variant="secondary" className="text-sm" disabled={removing}>
                {t("photo.remove")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
    </section>
  );
}
