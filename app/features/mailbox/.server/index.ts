/** Every person's mailbox (stored emails, sent too when SMTP is configured). The folder's only door. */
export { DEFAULT_MAILBOX_LIMIT, type MailboxEmail } from "./model";
export { createMailboxService, type DeliveryContent, type ListOptions, type MailboxService } from "./service";
export {
  byLang,
  langOrDefault,
  renderEmail,
  renderSystemEmail,
  systemEmail,
  type EmailParam,
  type EmailTemplate,
  type EmailTemplateVars,
  type RenderedEmail,
  type SystemEmail,
} from "./templates";
export { EMAIL_FAILURES, type EmailFailure, type RetryOutcome } from "./failures";
