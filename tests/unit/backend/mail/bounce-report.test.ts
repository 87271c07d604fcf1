import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeFailure, parseBounceReport, permanentFailure } from '../../../../backend/mail/bounce-report';
import { mailIdFromHeader, mailIdFromVerp, verpAddress } from '../../../../backend/mail/verp';

const report = (statusPart: string, { encoding = '', returned = '' } = {}) =>
  [
    'From: MAILER-DAEMON@relay.example.edu',
    'To: "Bounces" <bounces+0b6e0c2f-4ad1-4a1e-9d3b-5e0f1c9a2b11@grad.example.edu>',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="b 1"',
    '',
    '--b 1',
    'Content-Type: text/plain',
    '',
    'It failed.',
    '--b 1',
    'Content-Type: message/delivery-status',
    ...(encoding ? [`Content-Transfer-Encoding: ${encoding}`] : []),
    '',
    statusPart,
    '--b 1',
    'Content-Type: text/rfc822-headers',
    '',
    returned,
    '--b 1--',
    '',
  ].join('\r\n');

const FIELDS = 'Reporting-MTA: dns; relay\r\n\r\nFinal-Recipient: rfc822; grace@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 User\r\n unknown';

describe('delivery status notifications (RFC 3464)', () => {
  it('reads the recipient, its action, status and folded diagnostic, where it came back to, and the quoted mail id', () => {
    const parsed = parseBounceReport(report(FIELDS, { returned: 'Subject: x\r\nX-Gradapp-Mail-ID: <abc>\r\n' }))!;
    expect(parsed.recipients).toEqual([{ finalRecipient: 'grace@example.org', action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 User unknown' }]);
    expect(parsed.quotedMailIds).toEqual(['<abc>']);
    expect(describeFailure(permanentFailure(parsed)!)).toBe('5.1.1 550 5.1.1 User unknown');
    expect(mailIdFromVerp('bounces@grad.example.edu', parsed.returnedTo[0]!)).toBe('0b6e0c2f-4ad1-4a1e-9d3b-5e0f1c9a2b11');
  });

  it('decodes a base64 delivery-status part', () => {
    expect(parseBounceReport(report(Buffer.from(FIELDS).toString('base64'), { encoding: 'base64' }))!.recipients[0]!.status).toBe('5.1.1');
  });

  it('takes only Action: failed with a 5.x.x status as permanent', () => {
    for (const [action, status] of [['delayed', '4.4.7'], ['failed', '4.0.0'], ['delivered', '2.0.0'], ['failed', '5.1']]) {
      expect(permanentFailure(parseBounceReport(report(`Action: ${action}\nStatus: ${status}`))!)).toBeUndefined();
    }
  });

  it('reads what real servers write as GNU Mailman reads it: a commented Action, OpenSMTPD\'s "error", a Status only in the diagnostic', () => {
    const failed = (fields: string) => permanentFailure(parseBounceReport(report(`Final-Recipient: rfc822; grace@example.org\n${fields}`))!);
    expect(failed('Action: failed (bad destination mailbox address)\nStatus: 5.1.1')).toMatchObject({ action: 'failed', status: '5.1.1' });
    expect(failed('Action: error\nStatus: 5.0.0')).toMatchObject({ action: 'failed', status: '5.0.0' });
    expect(failed('Action: failed\nDiagnostic-Code: SMTP; 550 5.1.1 User unknown')).toMatchObject({ status: '5.1.1', diagnostic: '550 5.1.1 User unknown' });
    // No code in the diagnostic either, or only a basic one: nothing to go by.
    for (const diagnostic of ['550 User unknown', '550 15.1.12 nonsense']) expect(parseBounceReport(report(`Action: failed\nDiagnostic-Code: smtp; ${diagnostic}`))).toBeNull();
    expect(failed('Action: delayed (will retry)\nStatus: 4.4.1')).toBeUndefined();
  });

  it('opens a report a gateway forwarded as an attached message, and hears where both came back to', () => {
    const forwarded = [
      'From: gateway@relay.example.org',
      'To: postmaster@grad.example.edu',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: message/rfc822',
      '',
      report(FIELDS, { returned: 'Subject: x\r\nX-Gradapp-Mail-Id: 0b6e0c2f-4ad1-4a1e-9d3b-5e0f1c9a2b11\r\n' }),
      '--outer--',
      '',
    ].join('\r\n');
    const parsed = parseBounceReport(forwarded)!;
    expect(permanentFailure(parsed)).toMatchObject({ finalRecipient: 'grace@example.org', status: '5.1.1' });
    expect(parsed.returnedTo).toEqual(['postmaster@grad.example.edu', '"Bounces" <bounces+0b6e0c2f-4ad1-4a1e-9d3b-5e0f1c9a2b11@grad.example.edu>']);
    expect(parsed.quotedMailIds).toEqual(['0b6e0c2f-4ad1-4a1e-9d3b-5e0f1c9a2b11']);
    // The message our mail returned in is not itself a report.
    expect(parseBounceReport(['To: a@b', 'Content-Type: multipart/mixed; boundary=o', '', '--o', 'Content-Type: message/rfc822', '', 'Subject: an invitation', '', 'Hello', '--o--'].join('\r\n'))).toBeNull();
  });

  it('is not a report without a delivery-status part naming an Action and a Status', () => {
    for (const raw of ['', 'Subject: hi\n\nhello', report('Reporting-MTA: dns; relay'), 'Content-Type: multipart/report\n\n--x\n']) expect(parseBounceReport(raw)).toBeNull();
  });

  it('keeps one short line of text of a hostile diagnostic', () => {
    const failure = describeFailure({ finalRecipient: null, action: 'failed', status: '5.0.0', diagnostic: `a\u0000b\u001b[31m\ud800c ${'x'.repeat(1000)}` });
    expect(failure).toMatch(/^5\.0\.0 a b \[31mc x+$/);
    expect(failure.length).toBe(300);
  });

  it('answers at once for hostile sizes: a long header without @, deep nesting', () => {
    const started = performance.now();
    expect(mailIdFromVerp('bounces@grad.example.edu', 'a'.repeat(500_000))).toBeNull();
    const nested = Array.from({ length: 200 }, (_, depth) => `Content-Type: multipart/mixed; boundary=b${depth}\n\n--b${depth}\n`).join('');
    expect(parseBounceReport(nested)).toBeNull();
    // Attached messages inside attached messages, each a multipart: opened a few levels, then given up on.
    const attached = Array.from({ length: 200 }, (_, depth) => `Content-Type: multipart/mixed; boundary=m${depth}\n\n--m${depth}\nContent-Type: message/rfc822\n\n`).join('') + report(FIELDS);
    expect(parseBounceReport(attached)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names mails by VERP addresses of the bounce address only, and by quoted ids that are UUIDs', () => {
    const id = randomUUID();
    expect(verpAddress('bounces@grad.example.edu', id)).toBe(`bounces+${id}@grad.example.edu`);
    expect(mailIdFromVerp('bounces@grad.example.edu', `Bounces+${id.toUpperCase()}@GRAD.example.edu`)).toBe(id);
    expect(mailIdFromVerp('bounces@grad.example.edu', `other+${id}@grad.example.edu, bounces+${id}@elsewhere.example`)).toBeNull();
    expect(mailIdFromVerp('bounces@grad.example.edu', 'bounces+not-an-id@grad.example.edu')).toBeNull();
    expect([mailIdFromHeader(` <${id}> `), mailIdFromHeader('1; DROP TABLE')]).toEqual([id, null]);
  });
});
