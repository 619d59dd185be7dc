import { expect, test } from "@playwright/test";
import { tour, tourLegs } from "./page-tour";
import { demoPage } from "./people";

/**
 * No page is wider than the screen: every page of the route table, signed out and as the demo
 * people, on two phones, a tablet and a desktop. A phone's browser widens its layout to fit wide
 * content (innerWidth grows and the overflow is hidden), so the page is measured against the
 * width the screen was given.
 */
const widths = [360, 390, 768, 1280] as const;

// A failure prints what it found; a trace of a hundred pages would only slow every run down.
test.use({ trace: "off" });

for (const { title, person } of tourLegs) {
  test(`no page overflows the screen (${title})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await demoPage(browser, person.email, {
      isMobile: true,
      hasTouch: true,
      viewport: { width: widths[0], height: 800 },
    });
    const overflows: string[] = [];
    const stops = await tour(page, person, async ({ url }) => {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        // Reading the width lays the page out at the new size (no frame to wait for: JavaScript is off, as in demoPage).
        const found = await page.evaluate((width) => {
          const scrollWidth = document.documentElement.scrollWidth;
          if (scrollWidth <= width) return null;
          // The outermost elements reaching past the screen's edge (not those inside a box that
          // scrolls or clips them), to say what to fix.
          const escapes = (el: Element) => el.getBoundingClientRect().right > width + 1;
          const contained = (el: Element) => {
            for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
              if (getComputedStyle(parent).overflowX !== "visible") return true;
            }
            return false;
          };
          const culprits = [...document.body.querySelectorAll("*")]
            .filter((el) => escapes(el) && !(el.parentElement && escapes(el.parentElement) && el.parentElement !== document.body) && !contained(el))
            .slice(0, 3)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${(el.textContent ?? "").trim().slice(0, 40)}`);
          return { scrollWidth, culprits };
        }, width);
        if (found) overflows.push(`${url} at ${width}px is ${found.scrollWidth}px wide: ${found.culprits.join(" | ")}`);
      }
    });
    expect(stops.length).toBeGreaterThan(0);
    if (overflows.length > 0) console.log(`${person.name}:\n${overflows.join("\n")}`);
    expect(overflows, `pages wider than the screen for ${person.name}`).toEqual([]);
    await page.context().close();
  });
}
