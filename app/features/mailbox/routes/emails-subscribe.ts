/**
 * `GET /api/emails/subscribe`: the address the product spec gives the event stream, which the
 * browser opens. It serves the very stream of `GET /api/events` (`./events.ts`): the person's
 * email list and, as named `chat` events, their conversations (decision record 034).
 */
export { loader } from "./events";
