import { createTransport } from "nodemailer";
import type { Config } from "../config";

/**
 * The mail port: sends a plain-text email. The mailbox stores every email first and sends it
 * through this port only when SMTP is configured. This is the only module that imports nodemailer.
 */
export type MailMessage = { to: string; subject: string; text: string };

export type MailTransport = {
  send(message: MailMessage): Promise<void>;
};

/** Generous but bounded: a stuck SMTP server must not hold a registration or reset for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** An SMTP transport for `SMTP_URL` (smtp:// or smtps://) sending as `MAIL_FROM`; null without SMTP. */
export function createMailTransport(config: Config): MailTransport | null {
  if (!config.SMTP_URL) return null;
  const transporter = createTransport({ url: config.SMTP_URL, ...TIMEOUTS }, config.MAIL_FROM ? { from: config.MAIL_FROM } : {});
  return {
    async send(message) {
      await transporter.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
  };
}
