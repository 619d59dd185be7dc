import { it } from "vitest";
import { findContactDetails, conversationParts } from "#app/.server/domain/chats/mask";
it("perf", () => {
  const text = "Hola, somos 4 el 12/06 a las 10:30, 450 €. ".repeat(45);
  for (let k = 0; k < 4; k++) { const t = performance.now(); findContactDetails(text); console.log("PERF lorem", Math.round(performance.now() - t)); }
  for (const w of ["a".repeat(2000), "seisunodos".repeat(200), "a ".repeat(1000), "1 ".repeat(1000)]) { const t = performance.now(); findContactDetails(w); console.log("PERF w", Math.round(performance.now() - t)); }
  const msgs = Array.from({ length: 54 }, (_, i) => ({ senderUid: i % 3 ? "a" : "b", createdAt: new Date(1e12 + i * 1000).toISOString(), text }));
  const t = performance.now();
  conversationParts(msgs, true);
  console.log("PERF page", Math.round(performance.now() - t), "ms");
});
