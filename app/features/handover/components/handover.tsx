import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cardClass } from "#app/components/ui/card";
import { ChoiceInput, ErrorList, FileInput, FormAlert, hintClass, labelClass, Notice, optionClass, SelectInput, TextareaInput, TextInput } from "#app/components/forms";
import { FilesAgain } from "#app/components/files-again";
import { formatDay, formatMoment } from "#app/features/bookings";
import { FUEL_EIGHTHS, MAX_HANDOVER_NOTES, MAX_HANDOVER_PHOTOS, type HandoverKind, type HandoverPanelView, type HandoverRecordView } from "#app/features/handover/handover";
import { PHOTO_ACCEPT } from "#app/utils/photos";
import { useLang } from "#app/utils/use-lang";
import { usePending } from "#app/utils/use-pending";
import { numberFormat } from "#app/framework/intl";
import { Button } from "#app/components/ui/button";
import { OfflineSendStatus, useKeepOffline, useSubmissionId } from "#app/features/offline";
import { LicenceSeenBox, LicenceSeenNote } from "#app/features/licences";

/**
 * Check-in and check-out on a booking's page (decision 032): both records as the two people read
 * them, the form to record one (one multipart POST, `intent=check-in` / `check-out`, that works
 * without JavaScript; with it, the same form shows its pending state) and the other side's
 * confirm-or-dispute form. Texts in the `bookings` namespace (`handover.*`).
 */
type HandoverRefusal = { message: string; fields?: Record<string, string>; values?: Record<string, string> } | null;

const INTENTS = ["check-in", "check-out", "confirm-check-in", "confirm-check-out"];

export function HandoverSection({ panel, refusal, done }: { panel: HandoverPanelView; refusal: HandoverRefusal; done: string | null }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  // The refusal is ours when it came back from one of our intents (the form keeps what was typed).
  const ours = refusal && INTENTS.includes(refusal.values?.intent ?? "") ? refusal : null;
  const recordIntent = panel.can.find((each): each is "check-in" | "check-out" => each === "check-in" || each === "check-out");
  const confirmIntents = panel.can.filter((each): each is "confirm-check-in" | "confirm-check-out" => each.startsWith("confirm-"));
  return (
    <section aria-labelledby="handover-title" className={cardClass()} data-handover>
      <h2 id="handover-title" className="text-xl font-bold">{t("handover.title")}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("handover.intro")}</p>
      {done && INTENTS.includes(done) && !ours ? <div className="mt-3"><Notice>{t(`handover.done.${done}`)}</Notice></div> : null}
      <OfflineSendStatus />
      {ours?.fields?.form ? <div className="mt-3"><FormAlert id="handover-refusal" errors={[ours.fields.form]} /></div> : null}
      {panel.opensOn ? <p className="mt-3 text-sm font-semibold">{t("handover.opensOn", { date: formatDay(panel.opensOn, lang, "long") })}</p> : null}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <HandoverRecord kind="check-in" record={panel.checkIn} engine={panel.engine} side={panel.side} />
        <HandoverRecord kind="check-out" record={panel.checkOut} engine={panel.engine} side={panel.side} />
      </div>
      {confirmIntents.map((intent) => (
        <AnswerForm key={intent} intent={intent} panel={panel} refusal={ours?.values?.intent === intent ? ours : null} />
      ))}
      {/* Keyed by its intent: once the check-in is saved, the check-out's form is a new one where the
          check-in's was, not the same elements with its photos, fuel and notes still in them. */}
      {recordIntent ? <RecordForm key={recordIntent} intent={recordIntent} panel={panel} refusal={ours?.values?.intent === recordIntent ? ours : null} /> : null}
    </section>
  );
}

/** One record as both people and the team read it; `side` (the reader's) says "you" or the other side. */
export function HandoverRecord({ kind, record, engine, side }: { kind: HandoverKind; record: HandoverRecordView | null; engine: boolean; side: "owner" | "renter" | "admin" }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const who = (by: "owner" | "renter") => (by === side ? t("handover.by.you") : t(`handover.by.${by}`));
  return (
    <article className="rounded-xl border border-slate-200 p-4 dark:border-white/10" data-handover-record={kind} aria-labelledby={`handover-${kind}-title`}>
      <h3 id={`handover-${kind}-title`} className="font-semibold">{t(`handover.kinds.${kind}`)}</h3>
      {!record ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("handover.none")}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("handover.recorded", { who: who(record.by), date: formatMoment(record.recordedAt, lang) })}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {record.fuelEighths !== null ? (
              <>
                <dt className="font-medium">{t("handover.fuel")}</dt>
                <dd data-handover-fuel>{t("handover.eighths", { n: record.fuelEighths, of: FUEL_EIGHTHS })}</dd>
              </>
            ) : null}
            {record.engineHours !== null ? (
              <>
                <dt className="font-medium">{t("handover.engineHours")}</dt>
                <dd data-handover-hours>{numberFormat(lang, { maximumFractionDigits: 1 }).format(record.engineHours)} h</dd>
              </>
            ) : null}
            {!engine && record.fuelEighths === null ? (
              <>
                <dt className="font-medium">{t("handover.fuel")}</dt>
                <dd>{t("handover.noEngine")}</dd>
              </>
            ) : null}
          </dl>
          {record.notes ? <p className="mt-2 whitespace-pre-line text-sm" data-handover-notes>{record.notes}</p> : null}
          {record.damage ? <p className="mt-2 text-sm font-semibold text-coral-700 dark:text-coral-300">{t("handover.damageNoted")}</p> : null}
          {record.fuelShort ? <p className="mt-2 text-sm font-semibold text-coral-700 dark:text-coral-300" data-handover-fuel-short>{t("handover.fuelShort")}</p> : null}
          {record.photos.length > 0 ? (
            <ul className="mt-3 grid grid-cols-3 gap-2">
              {record.photos.map((photo, i) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                    <img src={photo.url} width={photo.width} height={photo.height} alt={t("handover.photo", { what: t(`handover.kinds.${kind}`), n: i + 1 })} loading="lazy" className="aspect-square h-auto w-full rounded-lg border border-slate-200 object-cover dark:border-white/10" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-3 text-sm" data-handover-confirmation={record.confirmation?.status ?? "waiting"}>
            {record.confirmation
              ? t(`handover.answer.${record.confirmation.status}`, { who: who(record.confirmation.by), date: formatMoment(record.confirmation.at, lang) })
              : t(`handover.answer.waiting.${waitingFor(record.by, side)}`)}
          </p>
          {record.confirmation?.note ? <p className="mt-1 whitespace-pre-line text-sm italic">{record.confirmation.note}</p> : null}
          {record.confirmation?.fuel ? <p className="mt-2 text-sm font-semibold" data-handover-fuel-choice={record.confirmation.fuel}>{t(`handover.fuelChoice.${record.confirmation.fuel}`)}</p> : null}
          {kind === "check-in" && record.licenceSeen ? <LicenceSeenNote /> : null}
          {record.depositReleasedAt ? <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300" data-handover-released>{t("handover.released")}</p> : null}
        </>
      )}
    </article>
  );
}

/** Who the record waits for, as the reader says it: "you" when it is the reader. */
function waitingFor(by: "owner" | "renter", reader: "owner" | "renter" | "admin"): "owner" | "renter" | "you" {
  const other = by === "owner" ? "renter" : "owner";
  return other === reader ? "you" : other;
}

function RecordForm({ intent, panel, refusal }: { intent: "check-in" | "check-out"; panel: HandoverPanelView; refusal: HandoverRefusal }) {
  const { side, engine } = panel;
  // Greyed out until the page it leads to has loaded; "Saving…" on the form that was sent.
  const busy = usePending({ untilIdle: true });
  const pending = usePending({ intent, untilIdle: true });
  const { t } = useTranslation("bookings");
  const errors = refusal?.fields ?? {};
  const values = refusal?.values ?? {};
  const id = (name: string) => `${intent}-${name}`;
  // Offline, the form is kept on the phone and sent later under this id (decision 060).
  const submission = useSubmissionId();
  const keepOffline = useKeepOffline();
  const invalid = (name: string) => (errors[name] ? true : undefined);
  // Before a return is saved on a boat that goes back full, what less fuel than it left with means.
  const leftWith = panel.checkIn?.fuelEighths;
  const fuelRule = intent === "check-out" && panel.fullToFull && leftWith != null ? t(`handover.form.fuelRule.${side}`, { level: t("handover.eighths", { n: leftWith, of: FUEL_EIGHTHS }) }) : null;
  return (
    <Form method="post" encType="multipart/form-data" onSubmit={keepOffline} className="mt-5 space-y-4 border-t border-slate-200 pt-4 dark:border-white/10" aria-labelledby={id("title")} data-handover-form={intent}>
      <h3 id={id("title")} className="font-semibold">{t(`handover.form.${intent}`)}</h3>
      <p className={hintClass}>{t(`handover.form.${intent}Hint`)}</p>
      <input type="hidden" name="intent" value={intent} />
      {submission ? <input type="hidden" name="submission" value={submission} /> : null}
      <div>
        <label htmlFor={id("photos")} className={labelClass}>{t("handover.form.photos", { max: MAX_HANDOVER_PHOTOS })}</label>
        <FileInput id={id("photos")} name="photos" multiple accept={PHOTO_ACCEPT} aria-invalid={invalid("photos")} aria-describedby={`${id("photos")}-hint ${id("photos")}-again ${id("photos")}-errors`} />
        <p id={`${id("photos")}-hint`} className={hintClass}>{t("handover.form.photosHint")}</p>
        <FilesAgain inputId={id("photos")} sent={Number(values.photos ?? 0)} />
        <ErrorList id={`${id("photos")}-errors`} errors={errors.photos ? [errors.photos] : null} />
      </div>
      {engine ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={id("fuel")} className={labelClass}>{t("handover.form.fuel")}</label>
            <SelectInput id={id("fuel")} name="fuel" required defaultValue={values.fuel ?? ""} aria-invalid={invalid("fuel")} aria-describedby={`${id("fuel")}-rule ${id("fuel")}-errors`}>
              <option value="" disabled>{t("handover.form.fuelChoose")}</option>
              {Array.from({ length: FUEL_EIGHTHS + 1 }, (_, n) => FUEL_EIGHTHS - n).map((n) => (
                <option key={n} value={n}>{t("handover.eighths", { n, of: FUEL_EIGHTHS })}</option>
              ))}
            </SelectInput>
            {fuelRule ? <p id={`${id("fuel")}-rule`} className={hintClass} data-handover-fuel-rule>{fuelRule}</p> : null}
            <ErrorList id={`${id("fuel")}-errors`} errors={errors.fuel ? [errors.fuel] : null} />
          </div>
          <div>
            <label htmlFor={id("hours")} className={labelClass}>{t("handover.form.engineHours")}</label>
            <TextInput id={id("hours")} name="engineHours" inputMode="decimal" required defaultValue={values.engineHours ?? ""} aria-invalid={invalid("engineHours")} aria-describedby={`${id("hours")}-hint ${id("hours")}-errors`} />
            <p id={`${id("hours")}-hint`} className={hintClass}>{t(`handover.form.engineHoursHint${intent === "check-out" ? "Out" : ""}`)}</p>
            <ErrorList id={`${id("hours")}-errors`} errors={errors.engineHours ? [errors.engineHours] : null} />
          </div>
        </div>
      ) : null}
      <div>
        <label htmlFor={id("notes")} className={labelClass}>{t("handover.form.notes")}</label>
        <TextareaInput id={id("notes")} name="notes" rows={4} maxLength={MAX_HANDOVER_NOTES} defaultValue={values.notes ?? ""} aria-invalid={invalid("notes")} aria-describedby={`${id("notes")}-hint ${id("notes")}-errors`} className="resize-y" />
        <p id={`${id("notes")}-hint`} className={hintClass}>{t("handover.form.notesHint")}</p>
        <ErrorList id={`${id("notes")}-errors`} errors={errors.notes ? [errors.notes] : null} />
      </div>
      {intent === "check-out" && side === "owner" ? (
        <label className={optionClass}>
          <ChoiceInput type="checkbox" name="damage" value="yes" defaultChecked={values.damage === "yes"} />
          <span>{t("handover.form.damage")}</span>
        </label>
      ) : null}
      {intent === "check-in" && side === "owner" && panel.licence ? <LicenceSeenBox id={id("licence-seen")} checked={values.licenceSeen === "yes"} error={errors.licenceSeen} /> : null}
      <Button size="lg" disabled={busy} aria-busy={pending || undefined} className="w-full sm:w-auto">
        {pending ? t("handover.form.saving") : t(`handover.form.submit.${intent}`)}
      </Button>
    </Form>
  );
}

function AnswerForm({ intent, panel, refusal }: { intent: "confirm-check-in" | "confirm-check-out"; panel: HandoverPanelView; refusal: HandoverRefusal }) {
  const busy = usePending({ untilIdle: true });
  const pending = usePending({ intent, untilIdle: true });
  const { t } = useTranslation("bookings");
  const errors = refusal?.fields ?? {};
  const values = refusal?.values ?? {};
  const kind = intent === "confirm-check-in" ? "check-in" : "check-out";
  const short = kind === "check-out" && panel.checkOut?.fuelShort ? panel.checkOut : null;
  return (
    <Form method="post" encType="multipart/form-data" className="mt-5 space-y-3 border-t border-slate-200 pt-4 dark:border-white/10" aria-labelledby={`${intent}-title`} data-handover-form={intent}>
      <h3 id={`${intent}-title`} className="font-semibold">{t(`handover.confirm.title.${kind}`)}</h3>
      <p className={hintClass}>{t(`handover.confirm.hint.${kind}`)}</p>
      <input type="hidden" name="intent" value={intent} />
      <fieldset aria-describedby={`${intent}-status-errors`}>
        <legend className="sr-only">{t(`handover.confirm.title.${kind}`)}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(["confirmed", "disputed"] as const).map((status) => (
            <label key={status} className={optionClass}>
              <ChoiceInput type="radio" name="status" value={status} required defaultChecked={values.status === status} />
              <span>{t(`handover.confirm.${status}`)}</span>
            </label>
          ))}
        </div>
        <ErrorList id={`${intent}-status-errors`} errors={errors.status ? [errors.status] : null} />
      </fieldset>
      {short ? <FuelQuestion panel={panel} values={values} error={errors.fuel} /> : null}
      {kind === "check-in" && panel.side === "owner" && panel.licence ? <LicenceSeenBox id={`${intent}-licence-seen`} checked={values.licenceSeen === "yes"} error={errors.licenceSeen} /> : null}
      <div>
        <label htmlFor={`${intent}-note`} className={labelClass}>{t(short && panel.side === "owner" ? "handover.confirm.noteFuel" : "handover.confirm.note")}</label>
        <TextareaInput id={`${intent}-note`} name="note" rows={3} maxLength={MAX_HANDOVER_NOTES} defaultValue={values.note ?? ""} aria-invalid={errors.note ? true : undefined} aria-describedby={`${intent}-note-errors`} className="resize-y" />
        <ErrorList id={`${intent}-note-errors`} errors={errors.note ? [errors.note] : null} />
      </div>
      <Button variant="secondary" disabled={busy} aria-busy={pending || undefined} className="w-full sm:w-auto">
        {pending ? t("handover.form.saving") : t("handover.confirm.submit")}
      </Button>
    </Form>
  );
}

/**
 * A return with less fuel than the handover on a boat that goes back full (decision 032): the
 * owner confirming it says whether he claims the fuel (the deposit stays held) or lets it go (it
 * is released now); the renter confirming the owner's record is told the deposit stays held.
 */
function FuelQuestion({ panel, values, error }: { panel: HandoverPanelView; values: Record<string, string>; error: string | undefined }) {
  const { t } = useTranslation("bookings");
  const lang = useLang();
  const level = (n: number | null | undefined) => t("handover.eighths", { n: n ?? 0, of: FUEL_EIGHTHS });
  const levels = { out: level(panel.checkOut?.fuelEighths), in: level(panel.checkIn?.fuelEighths), date: formatMoment(panel.claimUntil, lang) };
  if (panel.side === "renter") return <p className="text-sm font-semibold" data-handover-fuel-question="renter">{t("handover.confirm.fuel.renterHint", levels)}</p>;
  return (
    <fieldset aria-describedby="confirm-check-out-fuel-hint confirm-check-out-fuel-errors" data-handover-fuel-question="owner">
      <legend className={labelClass}>{t("handover.confirm.fuel.legend", levels)}</legend>
      <p id="confirm-check-out-fuel-hint" className={hintClass}>{t("handover.confirm.fuel.hint")}</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {(["claim", "waive"] as const).map((choice) => (
          <label key={choice} className={optionClass}>
            <ChoiceInput type="radio" name="fuel" value={choice} defaultChecked={values.fuel === choice} />
            <span>{t(`handover.confirm.fuel.${choice}`, levels)}</span>
          </label>
        ))}
      </div>
      <ErrorList id="confirm-check-out-fuel-errors" errors={error ? [error] : null} />
    </fieldset>
  );
}
