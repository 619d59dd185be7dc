import { FORMATS_SEEN_ID, formatsSeenText } from "#app/utils/intl";

/**
 * The numbers, dates and names the server wrote on this page (app/utils/intl.ts), as a JSON data
 * block the browser reads before hydrating. Rendered last in `<body>`: by then the server's
 * render has written the whole page. Never executed (a data block), so the CSP has no say.
 */
export function FormatsSeen() {
  return <script type="application/json" id={FORMATS_SEEN_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: formatsSeenText() }} />;
}
