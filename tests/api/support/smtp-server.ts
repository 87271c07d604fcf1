import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeMailBody } from '../../../scripts/support/mail';

/** One message the server accepted. */
export interface ReceivedMail {
  /** The envelope sender (MAIL FROM), where bounces go back to. */
  from: string;
  to: string[];
  /** The message as it came, headers and body. */
  raw: string;
  /** The decoded text body. */
  text: string;
}

export interface TestSmtpServer {
  port: number;
  /** What SMTP_URL names to reach it. */
  url: string;
  /** The messages accepted, in order. */
  received: ReceivedMail[];
  /** When each message was offered (accepted or refused), in performance.now() milliseconds. */
  offeredAt: number[];
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** The port to listen on; a free one when absent (a test that starts the server late passes the port it named). */
  port?: number;
  /** The reply to the nth message offered (0-based): an SMTP code to refuse it with, or null to accept it. */
  reply?: (offer: number) => number | null;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1: no TLS, no authentication. */
export async function startSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const offeredAt: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const offer = offeredAt.push(performance.now()) - 1;
        const refusal = options.reply?.(offer) ?? null;
        if (refusal !== null) {
          callback(Object.assign(new Error(refusal >= 500 ? 'Mailbox unavailable (test refusal)' : 'Try again later (test refusal)'), { responseCode: refusal }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, text: decodeMailBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    offeredAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
