/** Every person's mailbox (stored emails, sent too when SMTP is configured). The folder's only door. */
export { DEFAULT_MAILBOX_LIMIT, type MailboxEmail } from "./model";
export { createMailboxService, type MailboxService } from "./service";
export { renderEmail, type EmailTemplate, type EmailTemplateVars, type RenderedEmail } from "./templates";
