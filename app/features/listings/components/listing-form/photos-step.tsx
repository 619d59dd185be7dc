/** The photos step: the list with order, cover and delete buttons, and the upload form. */
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { usePending, useWhenIdle } from "#app/utils/use-pending";
import { useTranslation } from "react-i18next";
import { FileField, FormAlert, hintClass, Notice } from "#app/components/forms";
import { ListingPhoto } from "#app/features/listings/components/listing-photo";
import { DRAFTS_PATH, listingErrorMap, MY_LISTINGS_PATH, photoUploadSchema, stepHref } from "#app/features/listings/form";
import { PHOTO_ACCEPT } from "#app/utils/photos";
import { BackLink, useStepAction } from "./shared";
import type { ListingFormActionData, ListingFormPageData } from "./types";
import { useZodForm } from "#app/utils/use-zod-form";
import { Button, ButtonLink } from "#app/components/ui/button";

export function PhotosStep({ page, actionData }: { page: ListingFormPageData; actionData: ListingFormActionData | undefined }) {
  const { t } = useTranslation("listing-form");
  const action = useStepAction(page);
  const settled = useWhenIdle(actionData);
  const upload = settled?.intent === "upload" ? settled : undefined;
  const photoChange = settled?.intent === "photo" ? settled : undefined;
  // Every photo button and the upload wait until the photos step has loaded again.
  const busy = usePending({ untilIdle: true });
  const [form, fields] = useZodForm(photoUploadSchema, t, { id: "listing-photo-upload", lastResult: upload?.result ?? undefined, validate: "onSubmit", errorMap: listingErrorMap(t) });
  const { limits, photos } = page;
  const uploaded = upload ? upload.uploaded : page.uploaded;
  const full = photos.length >= limits.maxPhotos;
  const rulesId = "photo-rules";
  return (
    <div className="space-y-8">
      {uploaded > 0 ? <Notice>{t("photos.uploaded", { count: uploaded })}</Notice> : null}
      <FormAlert errors={[upload?.message ?? "", photoChange?.message ?? ""]} />
      <div>
        <p className="text-sm font-medium" role="status">{t("photos.count", { count: photos.length, max: limits.maxPhotos })}</p>
        {photos.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("photos.empty")}</p>
        ) : (
          <ol aria-label={t("photos.list")} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {photos.map((photo, index) => (
              <PhotoCard key={photo.id} photo={photo} index={index} count={photos.length} action={action} busy={busy} />
            ))}
          </ol>
        )}
      </div>

      <section aria-labelledby="photo-upload-title" className="rounded-xl bg-sand-50 p-5 dark:bg-white/5">
        <h3 id="photo-upload-title" className="font-semibold">{t("photos.uploadTitle")}</h3>
        <p id={rulesId} className={hintClass}>
          {t("photos.rules", { min: 1, max: limits.maxPhotos, size: limits.maxPhotoMegabytes, side: limits.minPhotoSide })}
        </p>
        {full ? (
          <p className="mt-3 text-sm">{t("photos.full", { max: limits.maxPhotos })}</p>
        ) : (
          <Form
            // A fresh file input once the photos changed, so a stored file is not sent twice.
            key={photos.map((photo) => photo.id).join()}
            method="post"
            action={action}
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="mt-4 space-y-3"
          >
            <input type="hidden" name="intent" value="upload" />
            <FileField meta={fields.photos} multiple accept={PHOTO_ACCEPT} label={t("photos.choose")} describedBy={rulesId} />
            <Button size="lg" className="disabled:cursor-not-allowed" disabled={busy}>
              {t("photos.upload")}
            </Button>
          </Form>
        )}
      </section>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-white/10">
        {page.id ? (
          <ButtonLink size="lg" to={stepHref(page.kind, page.variant, page.id, "review")}>
            {t("actions.continue")}
          </ButtonLink>
        ) : null}
        <ButtonLink variant="secondary" size="lg" to={page.status === "draft" ? DRAFTS_PATH : MY_LISTINGS_PATH}>
          {t("actions.exit")}
        </ButtonLink>
        <span className="ml-auto">
          <BackLink page={page} />
        </span>
      </div>
    </div>
  );
}

/** One photo of the list: its picture (the first is the cover) and its order, cover and delete buttons. */
function PhotoCard({ photo, index, count, action, busy }: { photo: ListingFormPageData["photos"][number]; index: number; count: number; action: string; busy: boolean }) {
  const { t } = useTranslation("listing-form");
  const number = index + 1;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 dark:border-white/10" data-photo-id={photo.id}>
      <div className="relative">
        <ListingPhoto photo={photo} fallback="/images/boats/motor.svg" alt={t("photos.alt", { number })} sizes="(min-width: 1024px) 20rem, (min-width: 640px) 50vw, 100vw" className="aspect-[4/3] w-full" />
        {index === 0 ? (
          <span className="absolute left-2 top-2 rounded-full bg-sea-700 px-2.5 py-0.5 text-xs font-semibold text-white">{t("photos.cover")}</span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 p-3">
        <Form method="post" action={action} className="flex gap-2">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="photoId" value={photo.id} />
          <Button variant="secondary" size="sm" name="direction" value="up" disabled={index === 0 || busy} aria-label={t("photos.moveUpLabel", { number })}>
            ↑ {t("photos.moveUp")}
          </Button>
          <Button variant="secondary" size="sm" name="direction" value="down" disabled={index === count - 1 || busy} aria-label={t("photos.moveDownLabel", { number })}>
            ↓ {t("photos.moveDown")}
          </Button>
        </Form>
        {index > 0 ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="cover" />
            <input type="hidden" name="photoId" value={photo.id} />
            <Button variant="secondary" size="sm" disabled={busy} aria-label={t("photos.makeCoverLabel", { number })}>
              {t("photos.makeCover")}
            </Button>
          </Form>
        ) : null}
        <Form method="post" action={action} className="ml-auto">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="photoId" value={photo.id} />
          <Button variant="danger" size="sm" disabled={busy} aria-label={t("photos.deleteLabel", { number })}>
            {t("photos.delete")}
          </Button>
        </Form>
      </div>
    </li>
  );
}
