import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends Lore's e-mail. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP when a URL is configured; otherwise a development outbox that writes
 * each mail to the server log, so a person can still follow a login link.
 */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.logger.info({ to: mail.to, subject: mail.subject }, `Dev outbox (SMTP_URL is not set):\n${mail.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}
