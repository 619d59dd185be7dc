/**
 * The repeats of a page that axe's colour rule need not check again (axe.spec.ts): a subtree whose
 * markup, apart from what no style reads, is the same as an earlier one's, under the same chain of
 * ancestors — the 24 cards of a search page, a list's rows. Such a repeat draws its text in the
 * same colours, on the same backgrounds, at the same sizes as the first, which is checked.
 *
 * What the signature keeps, for the subtree and each ancestor: every element's tag, every attribute
 * but those that name or point at content (an address, a label, an id — the app's stylesheet
 * selects on none of them: Tailwind classes, `[open]`, `aria-*` state), and whether it has text of
 * its own (an empty span in the first card cannot stand for a filled one in the next). Inline
 * styles, classes, `data-*` and state attributes stay in it, so a row styled apart (a badge, a
 * colour chip, the current page's link) is checked. The page's stylesheet has no position-based
 * selectors (`:nth-child`, `:first-child`), which could colour identical markup apart.
 *
 * It runs in the page (given to `page.evaluate` as source): no imports, no outer names.
 */
export function repeatedSubtrees(): Element[] {
  const contentOnly = new Set([
    "href",
    "src",
    "srcset",
    "sizes",
    "alt",
    "title",
    "id",
    "for",
    "name",
    "value",
    "action",
    "datetime",
    "placeholder",
    "aria-label",
    "aria-labelledby",
    "aria-describedby",
    "aria-controls",
    "width",
    "height",
    "loading",
    "decoding",
    "fetchpriority",
  ]);
  const own = new Map<Element, string>();
  const ownOf = (el: Element): string => {
    let found = own.get(el);
    if (found !== undefined) return found;
    found = el.tagName;
    for (const attribute of el.attributes) if (!contentOnly.has(attribute.name)) found += ` ${attribute.name}=${JSON.stringify(attribute.value)}`;
    for (const node of el.childNodes) {
      if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? "").trim() !== "") {
        found += " +text";
        break;
      }
    }
    own.set(el, found);
    return found;
  };
  const whole = new Map<Element, string>();
  const wholeOf = (el: Element): string => {
    let found = whole.get(el);
    if (found !== undefined) return found;
    found = `${ownOf(el)}(`;
    for (const child of el.children) found += `${wholeOf(child)},`;
    found += ")";
    whole.set(el, found);
    return found;
  };
  const seen = new Set<string>();
  const repeats: Element[] = [];
  const walk = (el: Element, chain: string) => {
    const key = `${chain}>${wholeOf(el)}`;
    if (el.children.length > 0 && seen.has(key)) {
      repeats.push(el);
      return;
    }
    seen.add(key);
    const inner = `${chain}>${ownOf(el)}`;
    for (const child of el.children) walk(child, inner);
  };
  walk(document.body, "");
  return repeats;
}
