import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server in the test process that keeps what it receives. */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          received.push({
            to: addresses(mail),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest mail to `address` arriving after `since` mails had arrived. */
    async waitFor(address: string, options: { since?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      const wanted = address.toLowerCase();
      for (;;) {
        const mail = received
          .slice(options.since ?? 0)
          .reverse()
          .find((m) => m.to.includes(wanted));
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${address} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

function addresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** The first link in a mail's text that points at `pathPart`. */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`No ${pathPart} link in mail "${mail.subject}"`);
  return link;
}

/** The token of a sign-in link (the page /auth/callback?token=... that redeems it). */
export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
