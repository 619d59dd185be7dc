/**
 * The repeats of a page that axe's colour rule need not check again (axe.spec.ts): a subtree whose
 * markup, apart from what no style reads, is the same as an earlier one's, under the same chain of
 * ancestors — the 24 cards of a search page, a list's rows, and the layout's footer or a settings
 * menu already checked on an earlier page of the tour. Such a repeat draws its text in the same
 * colours, on the same backgrounds, at the same sizes as the first, which is checked.
 *
 * What the signature keeps, for the subtree and each ancestor: every element's tag, every attribute
 * but those that name or point at content (an address, a label, an id — the app's stylesheet
 * selects on none of them: Tailwind classes, `[open]`, `aria-*` state), and whether it has text of
 * its own (an empty span in the first card cannot stand for a filled one in the next). Inline
 * styles, classes, `data-*` and state attributes stay in it, so a row styled apart (a badge, a
 * colour chip, the current page's link) is checked. The page's stylesheet has no position-based
 * selectors (`:nth-child`, `:first-child`), which could colour identical markup apart.
 *
 * Across pages (`earlier`: the signatures an earlier page of the same tour, width and colour scheme
 * returned), the chain also starts with the `<html>` element's own signature and the page's
 * stylesheets, and a subtree stands for its earlier copy only where nothing outside it and its
 * ancestors is laid over it: the same markup on another page could sit on another page's drawing
 * (a picture placed under it), which the ancestors alone do not say. Within a page, the repeats of
 * a list are side by side, as before.
 *
 * Signatures cross from the page to the test as 53-bit hashes (cyrb53): the strings themselves
 * hold whole subtrees. Only subtrees of eight elements or more are carried to the next pages.
 *
 * It runs in the page (given to `page.evaluate` as source): no imports, no outer names.
 */
export function repeatedSubtrees(earlier: readonly number[] = []): { repeats: Element[]; signatures: number[] } {
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
  const hash = (text: string): number => {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  };
  const before = new Set(earlier);
  // Everything drawn on the page, with its box: what may lie over a subtree from another page.
  let boxes: Array<[Element, DOMRect]> | undefined;
  const overlaid = (el: Element): boolean => {
    boxes ??= [...document.body.querySelectorAll("*")].map((other) => [other, other.getBoundingClientRect()]);
    // The subtree's whole extent: a menu it opens over the page lies outside its root's box.
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const part of [el, ...el.getElementsByTagName("*")]) {
      const r = part.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      box.left = Math.min(box.left, r.left);
      box.top = Math.min(box.top, r.top);
      box.right = Math.max(box.right, r.right);
      box.bottom = Math.max(box.bottom, r.bottom);
    }
    return boxes.some(
      ([other, o]) =>
        !el.contains(other) &&
        !other.contains(el) &&
        o.width > 0 &&
        o.height > 0 &&
        o.left < box.right &&
        box.left < o.right &&
        o.top < box.bottom &&
        box.top < o.bottom,
    );
  };
  const sheets = [...document.styleSheets].map((sheet) => sheet.href ?? hash(sheet.ownerNode?.textContent ?? "")).join(" ");
  const seen = new Set<number>();
  // What the next pages may skip: subtrees of eight elements or more (a footer, a menu), not every
  // link and line — the list crosses to the test and back on each page.
  const shown: number[] = [];
  const repeats: Element[] = [];
  const walk = (el: Element, chain: string) => {
    const key = hash(`${chain}>${wholeOf(el)}`);
    if (el.children.length > 0 && (seen.has(key) || (before.has(key) && !overlaid(el)))) {
      repeats.push(el);
      return;
    }
    seen.add(key);
    if (el.getElementsByTagName("*").length >= 8) shown.push(key);
    const inner = `${chain}>${ownOf(el)}`;
    for (const child of el.children) walk(child, inner);
  };
  walk(document.body, `${sheets}|${ownOf(document.documentElement)}`);
  return { repeats, signatures: shown };
}
