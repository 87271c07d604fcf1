// What the checklist tells the applicant to do next, and the labels of its items (issue 28 item 1):
// named once, read by the builder (checklist-of.ts), the renderer and the receipt mail.
import { tenant } from '../form/tenant';

export const checklistNext = {
  applicationPdf: 'Download or print your application as a PDF for your records.',
  feeAwaiting: `Pay the application fee online at ${tenant.links.pay_now}. The office marks it paid when the payment arrives.`,
  transcriptAwaiting: `Ask this college to send an official transcript to the ${tenant.office_name}, ${tenant.address_lines.join(', ')}.`,
  letterToAsk: 'Name a recommender below: we e-mail them a link of their own to send the letter.',
  letterInvited: 'Your recommender has been invited. If they did not get the e-mail, resend it or correct the address.',
  letterOpened: 'Your recommender has opened the letter page. You can resend the link if it has expired.',
  letterRefused: (email: string) => `The mail server refused the invitation to ${email}. Correct the address or name someone else.`,
  documentMailed: 'We are waiting for it by post. You can also upload it here instead.',
  documentMissing: 'Upload it here.',
} as const;

export const checklistLabels = {
  application: 'Application',
  fee: 'Application fee',
  transcript: (college: string) => `Transcript from ${college}`,
  letterFrom: (name: string) => `Letter from ${name}`,
  openLetter: (n: number) => `Letter of recommendation ${n}`,
} as const;

/** The applicant's calls on the checklist and the staff's records, refused with these. */
export const checklistMessages = {
  notSubmitted: 'Your checklist starts once your application is submitted.',
  badFeeState: 'The fee can be recorded as paid, waived or awaiting.',
  badReceiptState: 'This can be recorded as received or awaiting.',
  badSlot: 'A transcript is recorded for a college place from 1 to 8.',
  unknownTranscript: 'This application names no college in that place.',
  unknownDocument: 'This program does not ask for that document.',
  unknownRecommendation: 'This application has no such recommendation request.',
  letterAlreadyReceived: 'This letter has been received; its link can no longer be revoked.',
  applicationNotSubmitted: 'This application has not been submitted yet.',
} as const;
