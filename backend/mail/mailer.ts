import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What a developer needs from the message (a code, a link): logged in development only. */
  devSummary: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  logDevSummary: boolean;
  logger: Logger;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as one .eml file to the outbox
 * folder, where developers and tests read it (DESIGN.md section 5).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
      if (!options.smtpUrl) {
        await fs.mkdir(options.outboxDir, { recursive: true });
        const file = path.join(options.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
        await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
        options.logger.info({ file: path.basename(file), subject: message.subject }, 'mail written to outbox');
      }
      if (options.logDevSummary) options.logger.info({ to: message.to }, `development mail: ${message.devSummary}`);
    },
  };
}
