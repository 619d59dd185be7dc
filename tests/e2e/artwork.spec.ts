import { expect, test } from "@playwright/test";

/**
 * The header's logo and home's waves are drawn inline (decision 045): the browser builds no
 * document of its own for them, so the page asks for neither file, and they keep the size and
 * proportions their `<img>` had (the logo 32 × 32, the waves as wide as the screen and 200/1440
 * of that tall).
 */
for (const width of [390, 1280]) {
  test(`home at ${width} px draws the logo and the waves inline, at their sizes`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "es-ES" });
    await context.addCookies([{ name: "i18n_redirected", value: "es", url: "http://127.0.0.1" }]);
    const page = await context.newPage();
    const svgFiles: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith(".svg")) svgFiles.push(path);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(svgFiles).not.toContain("/images/logo.svg");
    expect(svgFiles).not.toContain("/images/hero-waves.svg");

    const logo = await page.locator("header a svg").first().boundingBox();
    expect(logo).toMatchObject({ width: 32, height: 32 });
    const waves = await page.locator("main > section").first().locator(":scope > svg").boundingBox();
    expect(waves?.width).toBe(width);
    expect(waves?.height).toBeCloseTo((width * 200) / 1440, 0);
    await context.close();
  });
}
