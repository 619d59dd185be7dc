import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, sanitizeBlogHtml } from "./markdown";

/** A post's Markdown is rendered, then sanitised: what an attacker could slip in is gone, what a writer uses stays. */
describe("renderMarkdown", () => {
  it("removes scripts, event handlers, javascript: and data: URLs, iframes, styles and forms", () => {
    const html = renderMarkdown(
      [
        "Hello <script>window.__pwned = 1</script>",
        "",
        '<img src="/photos/x/1/320.webp" onerror="window.__pwned = 2">',
        "",
        "[click](javascript:window.__pwned=3) and [again](JaVaScRiPt:alert(1)) and <a href=\"jav&#x09;ascript:alert(1)\">tab</a>",
        "",
        "![pixel](data:image/png;base64,iVBORw0KGgo=) <a href=\"data:text/html,<script>alert(1)</script>\">data</a>",
        "",
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><form action="/x"><input name="a"></form>',
        "",
        '<p style="color:red" class="x" onclick="alert(1)">styled</p><svg onload="alert(1)"><circle/></svg>',
      ].join("\n"),
    );
    expect(html).not.toMatch(/<script|__pwned = 1|onerror|onclick|onload|javascript:|data:|<iframe|<style|<form|<input|style=|<svg/i);
    expect(html).toContain("Hello");
    expect(html).toContain('<img src="/photos/x/1/320.webp"');
    expect(html).toContain("<a>click</a>");
    expect(html).toContain("<p>styled</p>");
  });

  it("keeps headings (h1 becomes h2), lists, links, our images, code, quotes and tables", () => {
    const html = renderMarkdown(
      [
        "# Title",
        "## Section",
        "### Sub",
        "- one",
        "- two",
        "",
        "1. first",
        "",
        "[Ports](/alquiler-barco) · [Web](https://www.example.org/a?b=1) · [Mail](mailto:hola@amarre.test)",
        "",
        '![A cove](/photos/blog/x/abc/640.webp "Cala")',
        "",
        "`inline` and:",
        "",
        "```ts",
        "const a = 1 < 2;",
        "```",
        "",
        "> quoted **bold** _em_",
        "",
        "| a | b |",
        "|---|---|",
        "| 1 | 2 |",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<h2>Section</h2>");
    expect(html).toContain("<h3>Sub</h3>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toContain("<ol>");
    expect(html).toContain('<a href="/alquiler-barco">Ports</a>');
    expect(html).toContain('<a href="https://www.example.org/a?b=1" rel="nofollow noopener noreferrer">Web</a>');
    expect(html).toContain('<a href="mailto:hola@amarre.test">Mail</a>');
    expect(html).toContain('<img src="/photos/blog/x/abc/640.webp" alt="A cove" title="Cala" loading="lazy" decoding="async" />');
    expect(html).toContain("<code>inline</code>");
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;');
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<table>");
  });

  it("drops images from other origins (the CSP would block them) and protocol-relative links", () => {
    const html = sanitizeBlogHtml('<img src="https://evil.example/x.png"><img src="//evil.example/y.png"><a href="//evil.example">x</a>');
    expect(html).not.toContain("evil.example/x.png");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="//evil');
  });

  it("keeps links to our own pages in the text's language; files, feeds and other sites stay as written", () => {
    const markdown = "[Barcos](/alquiler-barco?type=sail) [ITB](/gestoria/itb-barco) [EN](/en/about) [Foto](/photos/a/b/320.webp) [Feed](/feed/es.xml) [Web](https://example.org/x)";
    const de = renderMarkdown(markdown, "de");
    expect(de).toContain('href="/de/alquiler-barco?type=sail"');
    expect(de).toContain('href="/de/gestoria/itb-barco"');
    expect(de).toContain('href="/en/about"');
    expect(de).toContain('href="/photos/a/b/320.webp"');
    expect(de).toContain('href="/feed/es.xml"');
    expect(de).toContain('href="https://example.org/x"');
    expect(renderMarkdown(markdown, "es")).toContain('href="/alquiler-barco?type=sail"');
    expect(renderMarkdown("[x](javascript:alert(1))", "fr")).toBe("<p><a>x</a></p>\n");
  });

  it("turns Markdown into plain text for summaries", () => {
    expect(markdownToText("## Hi & bye\n\n- one *two* <script>x()</script>")).toBe("Hi & bye one two");
  });
});
