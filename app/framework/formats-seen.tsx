import { FORMATS_SEEN_ID, formatsSeenText } from "#app/framework/intl";
import { useNonce } from "#app/utils/nonce";

/**
 * The numbers, dates and names the server wrote on this page (app/framework/intl.ts), as a JSON data
 * block the browser reads before hydrating. Rendered last in `<body>`: by then the server's
 * render has written the whole page. A data block is never executed; it carries the nonce all
 * the same, as every script element of a page does (tests/e2e/http.spec.ts).
 */
export function FormatsSeen() {
  return <script type="application/json" id={FORMATS_SEEN_ID} nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: formatsSeenText() }} />;
}
