/** What the owner's standing says, worded by the server (`routes/owner-standing.server.ts`). */
export type OwnerStandingView = {
  /** "Patrón destacado" and what it means: the bar met for 90 days (docs/PRODUCT.md). */
  badge: { label: string; text: string } | null;
  /** "Responde en menos de 1 hora · 98 %"; null for a new owner. */
  summary: string | null;
  rates: string | null;
  /** Said instead of the figures below the minimum of requests. */
  newOwner: string | null;
  cancellations: string | null;
};

/** The owner's standing on the boat page's owner card and on the public profile. */
export function OwnerStanding({ standing, className = "" }: { standing: OwnerStandingView; className?: string }) {
  return (
    <div className={`space-y-1 text-sm ${className}`} data-testid="owner-standing">
      {standing.badge ? (
        <p className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-sand-400 px-2.5 py-0.5 text-xs font-semibold text-sea-950" data-testid="standing-badge">
            {standing.badge.label}
          </span>
          <span className="text-slate-700 dark:text-slate-300">{standing.badge.text}</span>
        </p>
      ) : null}
      {standing.summary ? <p className="font-semibold text-slate-900 dark:text-white">{standing.summary}</p> : null}
      {standing.rates ? <p className="text-slate-600 dark:text-slate-400">{standing.rates}</p> : null}
      {standing.newOwner ? <p className="text-slate-600 dark:text-slate-400">{standing.newOwner}</p> : null}
      {standing.cancellations ? <p className="text-slate-600 dark:text-slate-400">{standing.cancellations}</p> : null}
    </div>
  );
}
