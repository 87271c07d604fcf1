import fs from 'node:fs';
import path from 'node:path';

/**
 * Real bounces: the samples GNU Mailman's bounce detector is tested on, as Debian's python3-flufl.bounce
 * installs them (LGPL-3; scripts/debian-test-packages.txt, so every run has them): DSNs from
 * Postfix, Sendmail, Exchange, a gateway that forwards its report, and the older formats of qmail,
 * Exim, Yahoo and others that are not delivery status notifications.
 */
export const BOUNCE_CORPUS_DIR = '/usr/lib/python3/dist-packages/flufl/bounce/tests/data';
export const bounceCorpusFiles = () => {
  if (!fs.existsSync(BOUNCE_CORPUS_DIR)) throw new Error(`${BOUNCE_CORPUS_DIR} is missing: apt-get install python3-flufl.bounce`);
  return fs.readdirSync(BOUNCE_CORPUS_DIR).filter((file) => file.endsWith('.txt')).sort();
};

/**
 * A real bounce as if it had come back to `returnPath`: its own To header (the envelope sender it
 * was returned to) says so; the report and the returned message are the sample's bytes.
 */
export function corpusBounceTo(file: string, returnPath: string): string {
  const raw = fs.readFileSync(path.join(BOUNCE_CORPUS_DIR, file), 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  return raw.slice(0, split).replace(/^To:.*$/m, `To: ${returnPath}`) + raw.slice(split);
}

export interface ReturnedMail {
  /** Where the bounce came back to (the VERP address, or the plain bounce address). */
  returnPath: string;
  recipient: string;
  /** The X-Gradapp-Mail-Id the returned headers quote, if any. */
  mailId?: string;
}

const returnedHeaders = ({ recipient, mailId }: ReturnedMail) =>
  [
    'From: Graduate Admissions <no-reply@localhost>',
    `To: ${recipient}`,
    'Subject: Letter of recommendation for Ada Lovelace',
    'Message-ID: <0b6e0c2f-4ad1-2a1e-7d3b-5e0f1c9a2b11@localhost>',
    ...(mailId ? [`X-Gradapp-Mail-Id: ${mailId}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ].join('\n');

/** As Postfix's bounce(8) writes one: a notification, the delivery report, the returned message's headers. */
export function postfixBounce(mail: ReturnedMail, status = '5.1.1', action = 'failed', diagnostic = `smtp; 550 5.1.1 <${mail.recipient}>: Recipient address rejected: User unknown in virtual mailbox table`): string {
  const boundary = '4B1C72A0F6.1732771200/relay.grad.example.edu';
  return `Return-Path: <>
X-Original-To: ${mail.returnPath}
Delivered-To: ${mail.returnPath}
Date: Thu, 28 Nov 2026 07:10:02 +0000 (UTC)
From: MAILER-DAEMON@relay.grad.example.edu (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ${mail.returnPath}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="${boundary}"
Content-Transfer-Encoding: 8bit
Message-Id: <20261128071002.4B1C72A0F6@relay.grad.example.edu>

This is a MIME-encapsulated message.

--${boundary}
Content-Description: Notification
Content-Type: text/plain; charset=utf-8

This is the mail system at host relay.grad.example.edu.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--${boundary}
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.grad.example.edu
X-Postfix-Queue-ID: 4B1C72A0F6
X-Postfix-Sender: rfc822; ${mail.returnPath}
Arrival-Date: Thu, 28 Nov 2026 07:09:58 +0000 (UTC)

Final-Recipient: rfc822; ${mail.recipient}
Original-Recipient: rfc822;${mail.recipient}
Action: ${action}
Status: ${status}
Remote-MTA: dns; mx.example.org
Diagnostic-Code: ${diagnostic}

--${boundary}
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

${returnedHeaders(mail)}

--${boundary}--
`;
}

/** As Exim (4.86 and later) writes one: delivery-status fields with Action first, the message returned whole. */
export function eximBounce(mail: ReturnedMail): string {
  const boundary = '1732771802-eximdsn-1804289383';
  return `Return-path: <>
Envelope-to: ${mail.returnPath}
X-Failed-Recipients: ${mail.recipient}
Auto-Submitted: auto-replied
From: Mail Delivery System <Mailer-Daemon@mx.example.org>
To: ${mail.returnPath}
Content-Type: multipart/report; report-type=delivery-status; boundary=${boundary}
MIME-Version: 1.0
Subject: Mail delivery failed: returning message to sender
Message-Id: <E1tGa7K-0003xY-2b@mx.example.org>
Date: Thu, 28 Nov 2026 07:10:02 +0000

--${boundary}
Content-type: text/plain; charset=us-ascii

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error. The following address(es) failed:

  ${mail.recipient}
    mailbox is full: retry timeout exceeded

--${boundary}
Content-type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Action: failed
Final-Recipient: rfc822;${mail.recipient}
Status: 5.2.2
Diagnostic-Code: X-Exim; mailbox is full: retry timeout exceeded

--${boundary}
Content-type: message/rfc822

${returnedHeaders(mail)}

Dear Grace Hopper, ...

--${boundary}--
`;
}
