import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatError } from "#app/features/chats/.server";
import type { Services } from "#app/.server/services";
import { createBoat, createOwner } from "#tests/listing-fixtures";
import { createTestServices, createTestUser, dataOf, formPost, loadContext, settle, statusOf } from "#tests/test-services";
import { action as boatAction } from "#app/features/listings/routes/boat-detail";
import { action as chatAction } from "./chat";

/**
 * A message the store could not take under contention (the conversations service's `busy`, after
 * its retries: see chats-contention.firestore.test.ts) is a 409 with a translated message and the
 * text kept in the form, on the conversation's page and on a listing's contact form.
 */
let services: Services;
let owner: Awaited<ReturnType<typeof createOwner>>;
let renter: Awaited<ReturnType<typeof createTestUser>>;

beforeAll(async () => {
  services = await createTestServices();
  owner = await createOwner(services, { displayName: "Marina Armadora" });
  renter = await createTestUser(services, { displayName: "Rafa Renter" });
});
afterAll(() => services.close());

describe("a busy conversation", () => {
  it("answers 409 with the text kept, in the page's language", async () => {
    const boat = await createBoat(services, owner.uid);
    const { chatId } = await services.chats.start(renter.uid, { listingId: boat.id, text: "Hola" });
    const { send, start } = services.chats;
    services.chats.send = async () => {
      throw new ChatError("busy");
    };
    services.chats.start = async () => {
      throw new ChatError("busy");
    };
    try {
      const text = "¿Sigue libre el sábado 12?";
      const replied = await settle(() => chatAction({ request: formPost(`/en/chat/${chatId}`, { intent: "send", text }, renter.cookie), params: { chatId }, context: loadContext(services) }));
      expect(statusOf(replied)).toBe(409);
      expect(dataOf(replied)).toEqual({ errors: ["Your message could not be sent because the conversation was busy. It is still here: send it again."], text });
      const contacted = await settle(() => boatAction({ request: formPost(`/boat/${boat.id}`, { intent: "contact", message: text }, renter.cookie), params: { id: boat.id }, context: loadContext(services) }));
      expect(statusOf(contacted)).toBe(409);
      expect(dataOf(contacted).contact).toEqual({ errors: ["Tu mensaje no se ha podido enviar porque la conversación estaba muy ocupada. Sigue aquí: vuelve a enviarlo."], text });
    } finally {
      services.chats.send = send;
      services.chats.start = start;
    }
    expect((await services.chats.page(renter.uid, chatId))?.messages.map((m) => m.text)).toEqual(["Hola"]);
  });
});
