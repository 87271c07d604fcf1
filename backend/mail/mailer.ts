import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../platform/config';
import { MAIL_ID_HEADER } from './bounce-report';
import { verpAddress } from './verp';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What a developer needs from the message (a code, a link): logged in development only. */
  devSummary: string;
}

/** What goes over the wire: the outbox keeps these three, and the outbox mail's id when there is one. */
export type OutgoingMail = Pick<MailMessage, 'to' | 'subject' | 'text'> & { id?: string };

export interface Mailer {
  /** Resolves once the mail server took the message (or the outbox file is written); rejects with what it said otherwise. */
  send(message: OutgoingMail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** The envelope sender's base for VERP (MAIL_BOUNCE_ADDRESS); null keeps the From address as envelope sender. */
  bounceAddress?: string | null;
  outboxDir: string;
  logger: Logger;
}

/**
 * Every SMTP exchange ends well inside the mail sender's lease (two minutes): a mail server that
 * stops answering is left, and the mail tried again, before another sender may take it over.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as one .eml file to the outbox
 * folder, where developers and tests read it (DESIGN.md section 5). Only the mail sender calls it:
 * requests record mails in the store's outbox (backend/mail/mail-sender.ts).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      // A bounce names the mail by its envelope sender (VERP) and by the header it quotes (bounce-routes.ts).
      const verp = message.id && options.bounceAddress ? { envelope: { from: verpAddress(options.bounceAddress, message.id), to: message.to } } : {};
      const headers = message.id ? { [MAIL_ID_HEADER]: message.id } : {};
      const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, headers, ...verp });
      if (!options.smtpUrl) {
        await fs.mkdir(options.outboxDir, { recursive: true });
        const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
        await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
        options.logger.info({ file: path.basename(file), subject: message.subject }, 'mail written to outbox');
      }
    },
  };
}

/** The mailer the configuration names: SMTP_URL, or the file outbox in DATA_DIR/outbox. */
export function createMailerFromConfig(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailBounceAddress' | 'dataDir'>, logger: Logger): Mailer {
  return createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, bounceAddress: config.mailBounceAddress, outboxDir: path.join(config.dataDir, 'outbox'), logger });
}
