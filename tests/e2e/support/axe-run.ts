import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { repeatedSubtrees } from "./axe-repeats";

/** How the accessibility specs run axe-core in a page (axe.spec.ts's tours, axe-runner.spec.ts's drawn pages). */

/**
 * axe-core itself, minified (the copy @axe-core/playwright runs), given to each tour's browser
 * context as an init script: every page the tour opens has it before its own scripts, and Chromium
 * reuses its compiled code from page to page. Compiling its source again in each page cost 0.16 s
 * of CPU per page against 0.03 s (and 0.03 s more of the page's load), measured on ten pages.
 */
const requireFromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = readFileSync(requireFromAxeBuilder.resolve("axe-core/axe.min.js"), "utf8");

export type Violation = Pick<AxeResults["violations"][number], "id" | "impact" | "help"> & { targets: string[] };

/**
 * The source the tours' pages get before their own scripts: axe, `repeatedSubtrees` as
 * `window.amarreRepeats` and `rulesThatCannotFail` as `window.amarreRulesThatCannotFail` (an init
 * script, as axe: the app's CSP allows no `eval` in the page).
 */
export const initScript = `${axeSource}\n;window.amarreRepeats = ${repeatedSubtrees.toString()};\nwindow.amarreRulesThatCannotFail = ${rulesThatCannotFail.toString()};`;

export type InPage = {
  axe: {
    run(context: Document | { include: Array<Document | Element>; exclude: Element[] }, options: RunOptions): Promise<AxeResults>;
    _audit?: { rules?: { id: string; impact?: string | null }[] };
  };
  amarreRepeats: typeof repeatedSubtrees;
  amarreRulesThatCannotFail: typeof rulesThatCannotFail;
};

/**
 * The rules this spec does not run: those whose findings axe caps below serious. A rule with an
 * `impact` of its own (every one of axe 4.14's 105) reports every finding at that impact, whatever
 * its checks say (axe's `finalizeRuleResult`), and this spec fails on serious and critical
 * findings only: a minor or moderate rule (`region`, `heading-order`, `landmark-one-main` and 29
 * more) could not fail it, only cost a third of each run. Read from axe's own table in the page,
 * so a rule an upgrade raises to serious is run again; a rule without an impact is kept.
 */
function rulesThatCannotFail(): Record<string, { enabled: false }> {
  const rules = (window as unknown as InPage).axe._audit?.rules ?? [];
  return Object.fromEntries(rules.filter((rule) => rule.impact === "minor" || rule.impact === "moderate").map((rule) => [rule.id, { enabled: false }]));
}

/**
 * axe's serious and critical violations on the page, reduced in the page to what a failure
 * prints: a full run's results (every rule's description, its passes and what did not apply)
 * are about 60 KB, sent from the page for nothing when all is well.
 *
 * Only the violations are wanted (axe skips collecting the passes); axe runs in the page (as
 * AxeBuilder's legacy mode: our pages have no frames). The colour rule, most of axe's time, skips
 * the page's repeats (support/axe-repeats.ts: cards 2 to 24 of a search page drawn like the first,
 * and what `earlier` pages of the tour at this width and in this scheme already showed, such as the
 * footer); every other rule that can report a serious finding (`rulesThatCannotFail`) checks
 * where `rest` says: the whole page, what only a phone shows, or nowhere. Returns
 * the page's signatures besides, for the next page's `earlier`.
 */
export async function axeRun(page: Page, rest: Rest, earlier: readonly number[] = []): Promise<{ violations: Violation[]; signatures: number[] }> {
  return page.evaluate(
    async ({ rest, earlier }) => {
      const { axe, amarreRepeats, amarreRulesThatCannotFail } = window as unknown as InPage;
      const { repeats, signatures } = amarreRepeats(earlier);
      const colour = await axe.run({ include: [document], exclude: repeats }, { resultTypes: ["violations"], runOnly: { type: "rule", values: ["color-contrast"] } });
      const rules = { ...amarreRulesThatCannotFail(), "color-contrast": { enabled: false } };
      // What a phone shows and a wide screen does not: Tailwind's `sm:hidden`, `md:hidden`, `lg:hidden`.
      const phoneOnly = rest === "phone-only" ? Array.from(document.querySelectorAll('[class*="sm:hidden"], [class*="md:hidden"], [class*="lg:hidden"]')) : [];
      const scope = rest === "all" ? document : phoneOnly.length > 0 ? { include: phoneOnly, exclude: [] } : null;
      const others = scope ? (await axe.run(scope, { resultTypes: ["violations"], rules })).violations : [];
      const violations = [...colour.violations, ...others]
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}${node.any[0]?.message ? ` (${node.any[0].message})` : ""}`),
        }));
      return { violations, signatures };
    },
    { rest, earlier },
  );
}

/**
 * Where axe's rules other than the colour rule run on a check: the whole page (`all`), nowhere
 * (`none`: this page was checked at this width already), or only on what a phone shows and a
 * wide screen hides (`phone-only`: the page was checked whole at 1280 px, where axe skips those;
 * the booking bar, the settings' "show sections", a list's phone cards).
 */
export type Rest = "all" | "phone-only" | "none";
