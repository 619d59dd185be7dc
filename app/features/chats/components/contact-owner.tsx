import { Form, useActionData, useLocation } from "@remix-run/react";
import { Link } from "#app/framework/link";
import { useTranslation } from "react-i18next";
import { MAX_MESSAGE } from "#app/features/chats/chats";
import { href } from "#app/utils/href";
import { useLang } from "#app/utils/use-lang";
import { FormAlert, labelClass, TextareaInput } from "#app/components/forms";
import { usePending } from "#app/utils/use-pending";
import { Button } from "#app/components/ui/button";

/** The anchor of the contact form on a listing's page. */
export const CONTACT_ANCHOR = "contactar";

type Reply = { contact?: { errors: string[]; text: string } } | undefined;

/**
 * "Ask the owner": a textarea posted to the listing's own page (a plain POST), which opens or
 * continues the conversation about the listing. A visitor is asked to sign in first and comes
 * back to the page.
 */
export function ContactOwnerForm({ ownerName, signedIn, seller = false }: { ownerName: string; signedIn: boolean; seller?: boolean }) {
  const { t } = useTranslation("chats");
  const lang = useLang();
  const { pathname } = useLocation();
  const reply = (useActionData() as Reply)?.contact;
  const busy = usePending();
  return (
    <div id={CONTACT_ANCHOR} className="mt-6 scroll-mt-24 rounded-2xl bg-slate-50 p-4 dark:bg-white/5">
      <h3 className="font-semibold">{t(seller ? "contact.titleSeller" : "contact.title", { name: ownerName })}</h3>
      {signedIn ? (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="contact" />
          <FormAlert id="contact-errors" errors={reply?.errors} />
          <label htmlFor="contact-message" className={labelClass}>{t("contact.label")}</label>
          <TextareaInput
            id="contact-message"
            name="message"
            required
            rows={4}
            maxLength={MAX_MESSAGE}
            defaultValue={reply?.text ?? ""}
            placeholder={t("contact.placeholder")}
            aria-invalid={reply ? true : undefined}
            aria-describedby={reply ? "contact-errors contact-privacy" : "contact-privacy"}
            className="resize-y"
          />
          <p id="contact-privacy" className="text-xs text-slate-600 dark:text-slate-400">{t("contact.privacy")}</p>
          <Button disabled={busy} size="lg">
            {t("contact.submit")}
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t("contact.visitor", { name: ownerName })}{" "}
          <Link to={href("login", { lang, search: { redirect: pathname } })} className="font-semibold text-sea-700 underline dark:text-sea-300">
            {t("contact.signIn")}
          </Link>
        </p>
      )}
    </div>
  );
}
