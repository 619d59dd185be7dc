/**
 * The mailbox feature's door for code outside it (pages, components and browser helpers of other
 * features): what they may use of its views, components and schemas, named on the module that
 * has each (the browser build reads an import from here as one from that module: vite.config.ts).
 * Server code reaches the feature's services through `.server/index.ts`.
 */
export { isMailboxEmailList } from "./mailbox-types";
export { setEmails } from "./use-emails";
