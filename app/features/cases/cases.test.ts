import { describe, expect, it } from "vitest";
import { getFixedT } from "#app/.server/i18n";
import { quoteStatusKey } from "./cases";

/**
 * A quote's status as each side reads it, in four languages: the requester is asked for their
 * answer; the team sees that the quote waits for the requester's (never "your answer").
 */
const expected = {
  es: {
    requester: { pending: "pendiente de tu respuesta", accepted: "aceptado", declined: "rechazado", superseded: "sustituido", expired: "caducado" },
    team: { pending: "esperando la respuesta del solicitante", accepted: "aceptado por el solicitante", declined: "rechazado por el solicitante", superseded: "sustituido por otro más reciente", expired: "caducado sin respuesta del solicitante" },
  },
  en: {
    requester: { pending: "waiting for your answer", accepted: "accepted", declined: "declined", superseded: "replaced", expired: "expired" },
    team: { pending: "waiting for the requester's answer", accepted: "accepted by the requester", declined: "declined by the requester", superseded: "replaced by a newer one", expired: "expired without the requester's answer" },
  },
  fr: {
    requester: { pending: "en attente de votre réponse", accepted: "accepté", declined: "refusé", superseded: "remplacé", expired: "expiré" },
    team: { pending: "en attente de la réponse du demandeur", accepted: "accepté par le demandeur", declined: "refusé par le demandeur", superseded: "remplacé par un devis plus récent", expired: "expiré sans réponse du demandeur" },
  },
  de: {
    requester: { pending: "wartet auf Ihre Antwort", accepted: "angenommen", declined: "abgelehnt", superseded: "ersetzt", expired: "abgelaufen" },
    team: { pending: "wartet auf die Antwort des Antragstellers", accepted: "vom Antragsteller angenommen", declined: "vom Antragsteller abgelehnt", superseded: "durch ein neueres Angebot ersetzt", expired: "ohne Antwort des Antragstellers abgelaufen" },
  },
} as const;

describe("a quote's status on each side", () => {
  it("asks the requester for their answer and tells the team it waits for the requester's, for every state, in four languages", () => {
    for (const [lang, readers] of Object.entries(expected)) {
      const t = getFixedT(lang as keyof typeof expected, "cases");
      for (const [reader, states] of Object.entries(readers)) {
        for (const [state, text] of Object.entries(states)) {
          const quote = state === "expired" ? { status: "pending" as const, expired: true } : { status: state as "pending" | "accepted" | "declined" | "superseded", expired: false };
          expect(t(quoteStatusKey(quote, reader as "requester" | "team")), `${lang} ${reader} ${state}`).toBe(text);
        }
      }
    }
  });
});
