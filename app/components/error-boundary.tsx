import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REFERENCE_ATTRIBUTE, useErrorReference } from "#app/utils/error-reference";
import { useRootData } from "#app/utils/root-data";

/** "Return to home": the marketing site, in a new tab (the spec). */
function HomeLink({ href, label }: { href: string | undefined; label: string }) {
  return (
    <a
      href={href ?? "/"}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-8 rounded-full bg-sea-700 px-6 py-3 font-semibold text-white hover:bg-sea-800"
    >
      {label}
    </a>
  );
}

/** `message`: a refusal already in the person's language (a form body the body gate refused). */
type ErrorScreenProps = { status: number; marketingUrl: string | undefined; message?: string };
export type StatusHandler = (props: ErrorScreenProps) => React.ReactNode;

/** The spec's 404: the not-found image, "NOT FOUND!" and "Return to home" to the marketing site. */
function NotFoundScreen({ marketingUrl }: ErrorScreenProps) {
  const { t } = useTranslation("errors");
  return (
    <main id="main" className="container-page flex flex-col items-center py-16 text-center" data-error-status="404">
      <img src="/images/not-found.svg" alt={t("notFound.imageAlt")} width={320} height={240} className="h-auto w-72 max-w-full" />
      <h1 className="mt-8 text-4xl font-extrabold tracking-tight text-sea-900 dark:text-white">{t("notFound.heading")}</h1>
      <p className="mt-4 max-w-md text-slate-600 dark:text-slate-300">{t("notFound.description")}</p>
      <HomeLink href={marketingUrl} label={t("notFound.home")} />
    </main>
  );
}

/**
 * "Error {code}" with a description: why access was refused (403), else the generic one; for a
 * server error, the reference the server logged it under, to quote to the team (decision 049).
 */
function ErrorScreen({ status, marketingUrl, description }: ErrorScreenProps & { description: string }) {
  const { t } = useTranslation("errors");
  const reference = useErrorReference();
  return (
    <main id="main" className="container-page flex flex-col items-center py-16 text-center" data-error-status={status}>
      <h1 className="text-4xl font-extrabold tracking-tight text-sea-900 dark:text-white">
        {t("generic.title", { code: status })}
      </h1>
      <p className="mt-4 max-w-md text-slate-600 dark:text-slate-300">{description}</p>
      {status >= 500 && reference ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400" {...{ [REFERENCE_ATTRIBUTE]: reference }}>
          {t("generic.reference")} <code className="select-all font-mono">{reference}</code>
        </p>
      ) : null}
      <HomeLink href={marketingUrl} label={t("notFound.home")} />
    </main>
  );
}

function ForbiddenScreen(props: ErrorScreenProps) {
  const { t } = useTranslation("errors");
  return <ErrorScreen {...props} description={t("forbidden.description")} />;
}

function GenericScreen(props: ErrorScreenProps) {
  const { t } = useTranslation("errors");
  return <ErrorScreen {...props} description={props.message ?? t("generic.description")} />;
}

/**
 * The message of a refused form body (`{ message, formErrors }`, thrown by the body gate and by
 * the forms that refuse a body no page of theirs sends), translated on the server: "El envío es
 * demasiado grande." says more than "an unexpected error" to a person whose upload was refused.
 */
function refusalMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const data = error.data as { message?: unknown; formErrors?: unknown } | null;
  return data && typeof data.message === "string" && Array.isArray(data.formErrors) ? data.message : undefined;
}

/** The screens by status; a layout may pass its own for some statuses. */
const defaultStatusHandlers: Record<number, StatusHandler> = {
  403: ForbiddenScreen,
  404: NotFoundScreen,
};

/**
 * The spec's error screen, chosen by status: a 404 shows the not-found image, "NOT FOUND!" and
 * a link "Return to home" to the marketing site in a new tab; any other error "Error {code}".
 * Raw error text never reaches the visitor; an unexpected error (not a thrown Response) is a 500.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = GenericScreen,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
} = {}) {
  const error = useRouteError();
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The server logs its errors once with the request's id (entry.server's handleError); the
  // browser's console shows the ones it meets.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const Screen = statusHandlers?.[status] ?? defaultStatusHandlers[status] ?? defaultStatusHandler;
  return <Screen status={status} marketingUrl={root?.ENV.MARKETING_URL} message={refusalMessage(error)} />;
}
