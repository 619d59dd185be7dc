import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { parseForm, unknownIntent } from "#app/.server/http/form";
import { requestContext, type RequestContext } from "#app/.server/http/request-context";
import { FormAlert, Notice } from "#app/components/forms";
import { LocalizedLink } from "#app/components/localized-link";
import { Button } from "#app/components/ui/button";
import { cardClass } from "#app/components/ui/card";
import { formatMoment } from "#app/features/bookings";
import { href } from "#app/utils/href";
import { seoMeta } from "#app/utils/meta";
import { formatEuros } from "#app/utils/money";
import { useNotice } from "#app/utils/notice";
import { useLang } from "#app/utils/use-lang";
import { usePending } from "#app/utils/use-pending";
import { Reconciliation } from "./operations-reconciliation";
import { operationsSchema, type OperationsReply } from "../operations-schemas.server";
import { operationsView, type OperationsView } from "./operations.server";

/**
 * /admin/operaciones: what the team needs to run the marketplace — this instance's build and
 * start, its background schedulers' last passes and failures (in memory, this instance), emails
 * the mail server did not take (`intent=retry-email`, `intent=retry-all`), Stripe deliveries that
 * failed, imported calendars in error, and deposit claims whose closing stopped half-way
 * (`intent=finish-claim`, decision 025), and the ledger's reconciliation with Stripe, its last
 * run's differences and a run now (`intent=reconcile`, decision 053). Admins only (others 403, signed-out people to sign in).
 */
export const handle = { i18n: ["admin", "bookings"] };

export async function loader(args: LoaderFunctionArgs) {
  const ctx = requestContext(args, "admin");
  await ctx.requireAdmin();
  return { meta: { title: ctx.t("operations.meta"), description: ctx.t("operations.intro") }, ...(await operationsView(ctx)) };
}

const DONE = ["admin:operations.done.retried", "admin:operations.done.retriedAll", "admin:operations.done.finished", "admin:operations.done.reopened", "admin:operations.done.reconciled"] as const;

export async function action(args: ActionFunctionArgs) {
  const ctx = requestContext(args, "admin");
  const admin = await ctx.requireAdmin();
  const parsed = parseForm(await ctx.formData(), operationsSchema, ctx.t);
  const intent = parsed.ok ? parsed.value.intent : (parsed.typed.intent ?? "");
  const reply = (status: number, body: OperationsReply) => data(body, { status });
  if (!parsed.ok) return reply(400, { intent, errors: { form: unknownIntent(parsed) ? ctx.t("operations.errors.intent") : (parsed.errors[0] ?? ctx.t("operations.errors.id")) } });
  const back = href("admin-operations", { lang: ctx.lang });
  const form = parsed.value;
  if (form.intent === "reconcile") {
    const reconciliation = ctx.services.operations.reconciliation;
    const ran = reconciliation ? await reconciliation.runNow({ uid: admin.uid, name: admin.displayName }) : ({ outcome: "unavailable" } as const);
    if (ran.outcome === "done") return ctx.redirectWithNotice(`${back}#conciliacion`, { key: "admin:operations.done.reconciled" });
    return reply(409, { intent, errors: { form: ctx.t(ran.outcome === "unavailable" ? "operations.errors.unavailable" : "operations.errors.busy") } });
  }
  if (form.intent === "retry-email") {
    const result = await ctx.services.mailbox.retryFailedSend(form.id);
    if (result.outcome === "sent") return ctx.redirectWithNotice(back, { key: "admin:operations.done.retried" });
    const [status, body] = retryRefusal(ctx, result);
    return reply(status, { ...body, target: form.id });
  }
  if (form.intent === "retry-all") {
    const failed = await ctx.services.mailbox.failedSends();
    if (failed.length === 0) return reply(409, { intent, errors: { form: ctx.t("operations.errors.nothingToRetry") } });
    let sent = 0;
    for (const email of failed) {
      const result = await ctx.services.mailbox.retryFailedSend(email.id);
      if (result.outcome === "no-transport") return reply(409, { intent, errors: { form: ctx.t("operations.errors.noTransport") } });
      if (result.outcome === "sent") sent++;
      // The mail server still refuses: the rest wait (each try may take its timeouts, up to a minute).
      if (result.outcome === "failed") break;
    }
    return ctx.redirectWithNotice(back, { key: "admin:operations.done.retriedAll", values: { sent, failed: failed.length - sent } });
  }
  const finished = await ctx.services.deposits.finishClosing(admin.uid, form.bookingId);
  if (finished.outcome === "finished") return ctx.redirectWithNotice(back, { key: "admin:operations.done.finished" });
  if (finished.outcome === "reopened") return ctx.redirectWithNotice(back, { key: "admin:operations.done.reopened" });
  const [status, key] = finished.outcome === "not-found" ? [404, "operations.errors.claimGone"] : [409, "operations.errors.notStuck"];
  return reply(status, { intent, errors: { form: ctx.t(key) }, target: form.bookingId });

  function retryRefusal(c: RequestContext, result: Exclude<Awaited<ReturnType<RequestContext["services"]["mailbox"]["retryFailedSend"]>>, { outcome: "sent" }>): [number, OperationsReply] {
    // The mail server refused it again: a 502 (the upstream failed), the email kept with the new error.
    if (result.outcome === "failed") return [502, { intent, errors: { form: c.t("operations.errors.retryFailed", { error: result.error }) } }];
    if (result.outcome === "no-transport") return [409, { intent, errors: { form: c.t("operations.errors.noTransport") } }];
    return [404, { intent, errors: { form: c.t("operations.errors.emailGone") } }];
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.meta);

const th = "py-2 pr-4 font-semibold";
const td = "py-2 pr-4 align-top";

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={cardClass()} data-section={id}>
      <h2 id={`${id}-title`} className="text-xl font-bold">{title}</h2>
      {intro ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A table as wide as the card, never narrower than 42rem: on a phone it scrolls sideways rather than breaking words letter by letter. */
function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[42rem] text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-white/10">{head.map((h) => <th key={h} scope="col" className={th}>{h}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const row = "border-b border-slate-100 last:border-0 dark:border-white/5";

export default function AdminOperations() {
  const { t } = useTranslation("admin");
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const notice = useNotice(...DONE);
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <header>
        <h1 className="text-3xl font-bold">{t("operations.title")}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("operations.intro")}</p>
      </header>
      {notice && !reply ? <Notice>{notice.text}</Notice> : null}
      {reply?.errors.form ? <FormAlert id="operations-refusal" errors={[reply.errors.form]} /> : null}
      <Instance page={page} />
      <Reconciliation view={page.reconciliation} />
      <Schedulers page={page} />
      <Emails page={page} />
      <Claims page={page} />
      <Feeds page={page} />
      <Webhooks page={page} />
    </main>
  );
}

type Props = { page: OperationsView };

function Instance({ page }: Props) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { instance } = page;
  const item = (label: string, value: ReactNode) => (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 font-mono text-sm">{value}</dd>
    </div>
  );
  return (
    <Section id="instance" title={t("operations.instance.title")} intro={t("operations.instance.perInstance")}>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {item(t("operations.instance.version"), instance.version ? <code>{instance.version}</code> : t("operations.instance.unknown"))}
        {item(t("operations.instance.commit"), instance.commit ? <code>{instance.commit}</code> : t("operations.instance.unknown"))}
        {item(t("operations.instance.startedAt"), formatMoment(instance.startedAt, lang))}
        {page.lastBackup === undefined ? null : item(t("operations.instance.lastBackup"), page.lastBackup ? formatMoment(page.lastBackup.at, lang) : t("operations.instance.noBackup"))}
      </dl>
    </Section>
  );
}

function Schedulers({ page }: Props) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const c = (k: string) => t(`operations.schedulers.columns.${k}`);
  return (
    <Section id="schedulers" title={t("operations.schedulers.title")}>
      <Table head={[c("name"), c("lastRun"), c("outcome"), c("counts"), c("lastError")]}>
        {page.schedulers.map((s) => {
          const outcome = s.running ? "running" : (s.lastOutcome ?? "never");
          return (
            <tr key={s.name} className={row} data-scheduler={s.name} data-outcome={outcome}>
              <td className={td}>{t(`operations.schedulers.names.${s.name}`)}</td>
              <td className={td + " tabular-nums"}>{s.lastStartAt ? formatMoment(s.lastStartAt, lang) : "—"}</td>
              <td className={td}>
                <span className={outcome === "failed" ? "font-semibold text-red-700 dark:text-red-300" : outcome === "ok" ? "text-emerald-800 dark:text-emerald-300" : ""}>{t(`operations.schedulers.outcome.${outcome}`)}</span>
              </td>
              <td className={td + " tabular-nums"}>{s.runs} / {s.failures}</td>
              <td className={td + " break-words"}>
                {s.lastError ? (
                  <>
                    <code className="text-xs">{s.lastError}</code>
                    {s.lastErrorAt ? <span className="block text-xs text-slate-500 dark:text-slate-400">{t("operations.schedulers.errorAt", { at: formatMoment(s.lastErrorAt, lang) })}</span> : null}
                  </>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          );
        })}
      </Table>
    </Section>
  );
}

function Emails({ page }: Props) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const busy = usePending({ untilIdle: true });
  const c = (k: string) => t(`operations.emails.columns.${k}`);
  return (
    <Section id="emails" title={t("operations.emails.title")}>
      {page.emails.length === 0 ? (
        <p>{t("operations.emails.empty")}</p>
      ) : (
        <>
          <Table head={[c("to"), c("subject"), c("error"), c("attempts"), c("when"), ""]}>
            {page.emails.map((e) => (
              <tr key={e.id} className={row} data-email={e.id}>
                <td className={td + " break-words"}>{e.to}</td>
                <td className={td}>{e.subject}</td>
                <td className={td + " break-words text-xs"}><code>{e.error}</code></td>
                <td className={td + " tabular-nums"}>{e.attempts}</td>
                <td className={td + " tabular-nums"}>{formatMoment(e.lastFailedAt, lang)}</td>
                <td className={td}>
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry-email" />
                    <input type="hidden" name="id" value={e.id} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy} aria-label={t("operations.emails.retryLabel", { subject: e.subject, to: e.to })}>
                      {t("operations.emails.retry")}
                    </Button>
                  </Form>
                </td>
              </tr>
            ))}
          </Table>
          {page.emails.length > 1 ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="retry-all" />
              <Button type="submit" variant="primary" size="md" disabled={busy}>{t("operations.emails.retryAll")}</Button>
            </Form>
          ) : null}
        </>
      )}
    </Section>
  );
}

function Claims({ page }: Props) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const busy = usePending({ untilIdle: true });
  const c = (k: string) => t(`operations.claims.columns.${k}`);
  return (
    <Section id="claims" title={t("operations.claims.title")} intro={t("operations.claims.intro")}>
      {page.claims.length === 0 ? (
        <p>{t("operations.claims.empty")}</p>
      ) : (
        <Table head={[c("claim"), c("closing"), c("money"), c("action")]}>
          {page.claims.map((claim) => (
            <tr key={claim.bookingId} className={row} data-stuck-claim={claim.bookingId}>
              <td className={td}>
                <LocalizedLink to={href("admin-deposit", { params: { bookingId: claim.bookingId } })} className="font-semibold text-sea-800 underline dark:text-sea-200">{claim.listing}</LocalizedLink>
                <span className="block">{t("operations.claims.people", { owner: claim.owner, renter: claim.renter })}</span>
                <span className="block tabular-nums">{formatEuros(claim.amountCents, lang)} / {formatEuros(claim.depositCents, lang)}</span>
              </td>
              <td className={td}>
                {claim.kind === "withdraw" ? t("operations.claims.withdraw") : claim.keptCents === null ? t("operations.claims.decideUnknown") : t("operations.claims.decide", { kept: formatEuros(claim.keptCents, lang) })}
                <span className="block text-xs tabular-nums text-slate-500 dark:text-slate-400">{formatMoment(claim.markedAt, lang)}</span>
              </td>
              <td className={td}>{claim.moneyMoved ? t("operations.claims.moneyMoved") : t("operations.claims.moneyHeld")}</td>
              <td className={td}>
                <Form method="post">
                  <input type="hidden" name="intent" value="finish-claim" />
                  <input type="hidden" name="bookingId" value={claim.bookingId} />
                  <Button type="submit" variant="primary" size="sm" disabled={busy}>{t("operations.claims.finish")}</Button>
                </Form>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function Feeds({ page }: Props) {
  const { t } = useTranslation("admin");
  const { t: tb } = useTranslation("bookings");
  const lang = useLang();
  const c = (k: string) => t(`operations.feeds.columns.${k}`);
  return (
    <Section id="feeds" title={t("operations.feeds.title")}>
      {page.feeds.length === 0 ? (
        <p>{t("operations.feeds.empty")}</p>
      ) : (
        <Table head={[c("listing"), c("host"), c("failures"), c("error"), c("lastSuccess"), c("next")]}>
          {page.feeds.map((f) => (
            <tr key={f.id} className={row} data-feed={f.id}>
              <td className={td}>
                {f.listing}
                <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">{f.listingId}</span>
              </td>
              <td className={td + " break-words text-xs"}><code>{f.host}</code></td>
              <td className={td + " tabular-nums"}>{f.failures}</td>
              <td className={td}>
                {f.error ? (
                  <>
                    {tb(`calendar.imports.reason.${f.error.code}`, { status: f.error.status ?? "" })}
                    <span className="block text-xs tabular-nums text-slate-500 dark:text-slate-400">{formatMoment(f.error.at, lang)}</span>
                  </>
                ) : (
                  "—"
                )}
              </td>
              <td className={td + " tabular-nums"}>{f.lastSuccessAt ? formatMoment(f.lastSuccessAt, lang) : t("operations.feeds.never")}</td>
              <td className={td + " tabular-nums"}>{formatMoment(f.nextSyncAt, lang)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

function Webhooks({ page }: Props) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const c = (k: string) => t(`operations.webhooks.columns.${k}`);
  return (
    <Section id="webhooks" title={t("operations.webhooks.title")} intro={t("operations.webhooks.intro", { count: 100 })}>
      {page.webhooks.length === 0 ? (
        <p>{t("operations.webhooks.empty")}</p>
      ) : (
        <Table head={[c("when"), c("event"), c("reason")]}>
          {page.webhooks.map((w) => (
            <tr key={w.id} className={row} data-webhook={w.id}>
              <td className={td + " tabular-nums"}>{formatMoment(w.at, lang)}</td>
              <td className={td + " break-words font-mono text-xs"}>
                <code>{w.eventType ?? "—"}</code>
                <code className="block">{w.eventId ?? t("operations.webhooks.noEvent")}</code>
              </td>
              <td className={td}>{t(`operations.webhooks.reasons.${w.reason}`, { detail: w.detail ?? "—" })}</td>
            </tr>
          ))}
        </Table>
      )}
    </Section>
  );
}
