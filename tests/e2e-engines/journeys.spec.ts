import type { Answers } from '../../common/api';
import { docKeyOf } from '../../common/form/model/program-document-keys';
import { RESUME_KEY } from '../../common/form/model/program-document-keys';
import { isOptional } from '../../common/form/optional';
import { formPages } from '../../common/form/pages';
import { aboutMessages, genericMessages, validateAnswers } from '../../common/form/schema';
import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents';
import { latestCode, readOutbox, recommendLinksTo } from '../../scripts/support/mail';
import { tempFile } from '../e2e/support/files';
import { reviewHeading } from '../../common/form/page-list';
import type { Applicant, Query } from './applicant';
import { expect, servers, test } from './engine-fixture';

const PASSWORD = 'Correct-Horse-42';
const PAGES: Query = { role: 'navigation', name: 'Application pages' };
const SUMMARY = 'Please fix the following before you submit';
/** Final Steps' own button: the answers checked, then the review page with Submit (issue 33 item 4). */
const CONTINUE: Query = { role: 'button', name: `Save and Continue to ${reviewHeading.title}` };

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${process.pid}.${Date.now()}.${(counter += 1)}@example.edu`;

async function mailedCode(applicant: Applicant, dataDir: string, email: string): Promise<string> {
  return applicant.until(`the confirmation code mailed to ${email}`, async () => {
    try {
      return latestCode(readOutbox(dataDir), email);
    } catch {
      return undefined;
    }
  });
}

async function expectAccessible(applicant: Applicant): Promise<void> {
  expect(await applicant.accessibilityViolations()).toEqual([]);
  expect(await applicant.scrollsSideways(), 'the page scrolls sideways').toBe(false);
}

async function logIn(me: Applicant, email: string): Promise<void> {
  await me.type({ label: 'Email' }, email);
  await me.type({ label: 'Password' }, PASSWORD);
  await me.activate({ role: 'button', name: 'Submit' });
  await me.sees(PAGES);
}

async function goTo(me: Applicant, title: string, path: RegExp): Promise<void> {
  await me.activate({ role: 'link', name: title, within: PAGES });
  await me.waitForUrl(path);
  await me.sees({ role: 'heading', name: title, level: 2 });
}

async function storedAnswers(me: Applicant): Promise<Record<string, unknown>> {
  const { status, json } = await me.api<{ answer: Record<string, unknown> }>('GET', '/api/profile');
  expect(status).toBe(200);
  return json!.answer;
}

/** Waits until the server holds this answer (the pages save as the applicant goes). */
async function stored(me: Applicant, key: string, value: unknown): Promise<void> {
  await me.until(`${key} to be stored as ${JSON.stringify(value)}`, async () => ((await storedAnswers(me))[key] === value ? true : undefined));
}

/** A question's label as the page shows it: "(optional)" after it when no rule asks for an answer. */
function labelOf(key: string): string {
  const question = formPages.flatMap((page) => page.sections.flatMap((section) => section.questions)).find((each) => each.key === key);
  if (!question) throw new Error(`no question ${key}`);
  return `${question.label}${isOptional(question) ? ' (optional)' : ''}`;
}

/** Nothing on the page congratulates or asks to resubmit before submission (issue 33, item 3). */
async function seesNoAfterSubmissionBanners(me: Applicant): Promise<void> {
  for (const text of ['Congratulations', 'almost finished', 'resubmit']) expect((await me.locate({ text })).count, text).toBe(0);
}

/** The question's own message under its field (its `-errors` element), once it says this. */
async function seesMessageAt(me: Applicant, key: string, message: string): Promise<void> {
  await me.until(`${key}'s field to say ${message}`, async () =>
    (await me.driver.evaluate<string | null>(`(id) => document.getElementById(id)?.textContent ?? null`, `${key}-errors`)) === message ? true : undefined,
  );
}

/**
 * A date as the applicant types it: in three fields (month, day, year) where the page asks so, else
 * as digits into the one date field (which WebKit's date field loses: issue 26).
 */
async function typeDate(me: Applicant, question: string, month: string, day: string, year: string): Promise<void> {
  const group: Query = { role: 'group', name: question };
  if ((await me.locate({ label: 'Month', within: group })).count === 1) {
    await me.type({ label: 'Month', within: group }, month);
    await me.type({ label: 'Day', within: group }, day);
    await me.type({ label: 'Year', within: group }, year);
  } else {
    await me.type({ label: question }, `${month}${day}${year}`);
  }
}

/**
 * The rest of a complete application (scripts/support/complete-application.ts) saved as the pages
 * would save it, for Cybersecurity, which reads a personal statement: the applicant's name, date of
 * birth, statement and signature are left for the journey to give through the pages.
 */
function answersBesidesTheJourneys(): Answers {
  const { first_name: _first, last_name: _last, birth_date: _birth, completion_signature: _signature, ...rest } = completeApplication();
  return { ...rest, applied_major: 'MSCYB', [RESUME_KEY]: 'Teaching assistant, Towson University, 2018 to 2020.' };
}

test('a new applicant signs up, types their name and date of birth, switches the statement to an upload and chooses the file, follows the error summary to what is missing, reads Help, submits and gets the PDF', async ({
  applicant,
}) => {
  const me = await applicant(servers.main.baseURL);
  const email = uniqueEmail('engines');

  // Sign-up, the mailed code, the login card.
  await me.open('/signup');
  await me.sees({ label: 'Email' });
  await expectAccessible(me);
  await me.type({ label: 'Email' }, email);
  await me.type({ label: 'Password' }, PASSWORD);
  await me.activate({ role: 'button', name: 'Submit' });
  await me.waitForUrl(/\/confirm$/);
  await me.type({ label: 'Confirmation Code' }, await mailedCode(me, servers.main.dataDir, email));
  await me.activate({ role: 'button', name: 'Submit' });
  // The confirmed code logs in: no second entry of the password (issue 33, item 5).
  await me.waitForUrl(/\/about$/);
  await me.sees(PAGES);
  await seesNoAfterSubmissionBanners(me);

  const saved = await me.api('PUT', '/api/answer', answersBesidesTheJourneys());
  expect(saved.status).toBe(200);
  await me.open('/about');

  // What is typed wrong is said at its field when left, saved as typed and still there after a
  // reload (issue 33, item 2); then put right.
  const malformed = [
    { key: 'ssn', typed: '12345', shown: '123-45', message: aboutMessages.ssnInvalid, right: '123-45-6789' },
    { key: 'phone_home', typed: '41055501', shown: '(410) 555-01', message: aboutMessages.primaryPhoneInvalid, right: '(410) 555-0142' },
    { key: 'email_address', typed: 'mariana@', shown: 'mariana@', message: genericMessages.email('Email Address'), right: 'mariana@example.edu' },
  ];
  const birth: Query = { label: 'Month', within: { role: 'group', name: 'Date of Birth' } };
  await me.sees({ label: 'First Name' });
  await typeDate(me, 'Date of Birth', '13', '32', '88');
  await me.driver.pressKey('Tab');
  await seesMessageAt(me, 'birth_date', aboutMessages.birthDateInvalid);
  for (const { key, typed, shown, message } of malformed) {
    await me.type({ label: labelOf(key) }, typed);
    await me.driver.pressKey('Tab');
    await seesMessageAt(me, key, message);
    await me.until(`${key} to show ${shown}`, async () => ((await me.valueOf({ label: labelOf(key) })) === shown ? true : undefined));
  }
  await me.activate({ role: 'button', name: 'Save' });
  for (const { key, shown } of malformed) await stored(me, key, shown);
  await stored(me, 'birth_date', '13/32/88');
  await me.open('/about');
  await me.until('the typed month to be there again', async () => ((await me.valueOf(birth)) === '13' ? true : undefined));
  for (const { key, shown } of malformed) await me.until(`${key} to show ${shown} again`, async () => ((await me.valueOf({ label: labelOf(key) })) === shown ? true : undefined));
  // Put right through the API (each engine's driver clears a field its own way; typing over a
  // typed value is not what this part tests), then the journey types the date of birth afresh.
  const putRight = await me.api('PUT', '/api/answer', { ...Object.fromEntries(malformed.map(({ key, right }) => [key, right])), birth_date: '' });
  expect(putRight.status).toBe(200);
  await me.open('/about');

  // About You: the name and the date of birth, typed.
  await me.type({ label: 'First Name' }, 'Ada');
  await me.type({ label: 'Last Name' }, 'Lovelace');
  await typeDate(me, 'Date of Birth', '05', '14', '1990');
  await expectAccessible(me);
  await goTo(me, 'Your Academics', /\/education$/);
  // The next page opens at its top with its heading focused, so it is announced (issue 33, item 1).
  const academics: Query = { role: 'heading', name: 'Your Academics', level: 2 };
  await me.until('Your Academics at its top, its heading focused', async () =>
    (await me.find(academics)).focused && (await me.driver.evaluate<number>('() => window.scrollY')) === 0 ? true : undefined,
  );
  await stored(me, 'birth_date', '1990-05-14');
  await stored(me, 'last_name', 'Lovelace');

  // Your Academics: a typed statement, then the upload tab (which asks first) and the file chooser.
  const statement: Query = { role: 'region', name: 'Personal Statement' };
  await me.type({ role: 'textbox', name: 'Personal Statement', within: statement }, 'I want to build software that keeps hospitals safe.');
  await me.activate({ role: 'tab', name: 'Upload a document', within: statement });
  const switchDialog: Query = { role: 'dialog', name: 'Switch to Upload a document?' };
  await me.sees(switchDialog);
  await expectAccessible(me);
  await me.activate({ role: 'button', name: 'Switch', within: switchDialog });
  await me.seesNo(switchDialog);
  await me.upload({ role: 'file', within: statement }, tempFile('statement.pdf', await buildPdf(['My personal statement.'])));
  await me.sees({ text: 'statement.pdf', within: statement }, 60_000);
  await stored(me, docKeyOf('personal_statement'), 'ANSWERED');
  await expectAccessible(me);

  // Final Steps: Submit lists the one thing missing; its link lands on the question.
  await goTo(me, 'Final Steps', /\/final-steps$/);
  await me.activate(CONTINUE);
  const summary: Query = { role: 'region', name: SUMMARY };
  await me.sees(summary);
  await expectAccessible(me);
  const [missing] = validateAnswers({ ...answersBesidesTheJourneys(), completion_signature: '' }).completion_signature ?? [];
  await me.activate({ role: 'link', name: missing, within: summary });
  await me.waitForUrl(/\/final-steps#completion_signature$/);
  await me.until('the Signature field to have focus', async () => ((await me.find({ label: 'Signature' })).focused ? true : undefined));
  await me.type({ label: 'Signature' }, 'Ada Lovelace');

  // Help opens in a dialog and closes with Escape.
  await me.activate({ role: 'button', name: 'Help' });
  await me.sees({ role: 'dialog', name: 'Help' });
  await expectAccessible(me);
  await me.driver.pressKey('Escape');
  await me.seesNo({ role: 'dialog', name: 'Help' });

  // Continue again, to the review page (issue 33 item 4): a Change link opens the question focused,
  // its Save returns to the review; Submit at its foot gives the completion page and the PDF.
  await me.activate(CONTINUE);
  await me.waitForUrl(new RegExp(`${reviewHeading.path}$`), 60_000);
  await me.activate({ role: 'link', name: 'Change First Name' });
  await me.waitForUrl(/\/about\?return=review#first_name$/);
  await me.until('First Name to have focus', async () => ((await me.find({ label: 'First Name' })).focused ? true : undefined));
  await me.type({ label: 'First Name' }, 'Augusta Ada');
  await me.activate({ role: 'button', name: `Save and Return to ${reviewHeading.title}` });
  await me.waitForUrl(new RegExp(`${reviewHeading.path}$`), 60_000);
  await stored(me, 'first_name', 'Augusta Ada');
  await me.activate({ role: 'button', name: 'Submit' });
  await me.waitForUrl(/\/completion$/, 60_000);
  await me.sees({ text: 'Your application was successfully submitted.' });
  const download = await me.find({ role: 'link', name: 'Download your application (PDF)' }, 60_000);
  await expectAccessible(me);
  const pdf = await me.driver.evaluate<{ status: number; type: string; head: string }>(
    `async (selector) => {
      const response = await fetch(document.querySelector(selector).href, { credentials: 'same-origin' });
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
    }`,
    download.selector,
  );
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  expect((await storedAnswers(me)).first_name).toBe('Augusta Ada');
});

test('an idle applicant is asked Still working?, stays with Yes, and keeps what they typed', async ({ applicant }) => {
  const me = await applicant(servers.idle.baseURL);
  const email = uniqueEmail('engines-idle');
  const headers = { origin: servers.idle.baseURL, 'content-type': 'application/json' };
  const post = (path: string, body: unknown) => fetch(new URL(path, servers.idle.baseURL), { method: 'POST', headers, body: JSON.stringify(body) });
  expect((await post('/public/signup', { username: email, password: PASSWORD })).status).toBe(201);
  const code = await mailedCode(me, servers.idle.dataDir, email);
  expect((await post('/public/confirm', { username: email, code })).status).toBe(200);

  await me.open('/login');
  await logIn(me, email);
  await me.type({ label: 'First Name' }, 'Grace');
  const dialog: Query = { role: 'dialog', name: 'Still working?' };
  // Typed before the warning (15 s after the last activity), which makes the page behind it inert.
  expect(await me.valueOf({ label: 'First Name' })).toBe('Grace');
  expect((await me.locate(dialog)).count).toBe(0);
  await me.sees(dialog);
  const stay: Query = { role: 'button', name: 'Yes, keep me logged in', within: dialog };
  expect((await me.find(stay)).focused).toBe(true);
  await expectAccessible(me);
  await me.activate(stay);
  await me.seesNo(dialog);
  await me.waitForUrl(/\/about$/);
  expect(await me.valueOf({ label: 'First Name' })).toBe('Grace');
});

/** The link a recommender's invitation carries, once the outbox holds it. */
async function mailedRecommendLink(me: Applicant, dataDir: string, address: string): Promise<string> {
  return me.until(`the invitation mailed to ${address}`, async () => recommendLinksTo(readOutbox(dataDir), address)[0]?.url);
}

test('after Submit an applicant names two recommenders; one types the letter and one uploads it, each in a browser of their own, and the checklist shows both received', async ({ applicant }) => {
  const { baseURL, dataDir } = servers.main;
  const me = await applicant(baseURL);
  const email = uniqueEmail('engines-letters');
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const post = (pathname: string, body: unknown) => fetch(new URL(pathname, baseURL), { method: 'POST', headers, body: JSON.stringify(body) });
  expect((await post('/public/signup', { username: email, password: PASSWORD })).status).toBe(201);
  expect((await post('/public/confirm', { username: email, code: await mailedCode(me, dataDir, email) })).status).toBe(200);
  await me.open('/login');
  // A wrong password is said in the card, and gone after the right one (issue 33, item 5).
  const cardError: Query = { role: 'alert', name: 'Login Card Error', within: { role: 'region', name: 'Log In' } };
  await me.type({ label: 'Email' }, email);
  await me.type({ label: 'Password' }, 'Not-the-password-1');
  await me.activate({ role: 'button', name: 'Submit' });
  await me.sees(cardError);
  await me.sees({ text: 'Incorrect email address or password.' });
  await logIn(me, email);
  expect((await me.locate({ text: 'Incorrect email address or password.' })).count).toBe(0);
  expect((await me.locate(cardError)).count).toBe(0);
  // Computer Science (M.S.) asks for two letters; the rest of the application is complete.
  const answers = { ...completeApplication(), first_name: 'Nguyễn', last_name: 'Thị Minh Khai', applied_major: 'MSCS', essay_compscience: 'I want to build systems that stay up on deadline day.', [RESUME_KEY]: 'Engineer, Viettel, 2019 to 2025.' };
  expect((await me.api('PUT', '/api/answer', answers)).status).toBe(200);
  expect((await me.api('POST', '/api/submit', {})).status).toBe(200);

  await me.open('/completion');
  const letters: Query = { role: 'region', name: 'Letters of recommendation' };
  const recommenders = [
    { name: 'Đặng Thái Sơn', address: uniqueEmail('dang'), relationship: 'Thesis advisor' },
    { name: 'Siobhán Ní Bhriain', address: uniqueEmail('ni-bhriain'), relationship: 'Manager at Viettel' },
  ];
  for (const { name, address, relationship } of recommenders) {
    await me.type({ label: 'Name', within: letters }, name);
    await me.type({ label: 'E-mail', within: letters }, address);
    await me.type({ label: 'Relationship', within: letters }, relationship);
    await me.activate({ role: 'button', name: 'Send the invitation', within: letters });
    await me.sees({ text: 'Invited', within: { role: 'listitem', name, within: letters } });
  }
  await expectAccessible(me);

  // Each recommender opens the mailed link in a browser of the same engine, with no account.
  const write = async (address: string, send: (recommender: Applicant) => Promise<void>) => {
    const recommender = await applicant(baseURL);
    await recommender.driver.goto(await mailedRecommendLink(recommender, dataDir, address));
    await recommender.sees({ role: 'heading', name: 'A letter of recommendation for Nguyễn Thị Minh Khai' });
    await expectAccessible(recommender);
    await send(recommender);
    await recommender.sees({ role: 'heading', name: 'Thank you: your letter has been received' }, 90_000);
    await expectAccessible(recommender);
    return recommender;
  };
  await write(recommenders[0]!.address, async (recommender) => {
    await recommender.type({ label: 'Your letter' }, 'Nguyễn Thị Minh Khai wrote the fastest consensus code my lab has seen.');
    await recommender.activate({ role: 'button', name: 'Send the letter' });
  });
  const second = await write(recommenders[1]!.address, async (recommender) => {
    // A chosen file is named, not sent; choosing another replaces it, and Send sends the second (issue 33, item 6).
    const chosen: Query = { role: 'status', name: 'Chosen file' };
    const chosenFile = (name: string): Query => ({ text: `Chosen: ${name} (` });
    await recommender.upload({ label: 'Your letter as a file' }, tempFile('first-draft.pdf', await buildPdf(['A first draft.'])));
    await recommender.sees(chosen);
    await recommender.sees(chosenFile('first-draft.pdf'));
    await recommender.upload({ label: 'Your letter as a file' }, tempFile('letter.pdf', await buildPdf(['I recommend her without reservation.'])));
    await recommender.sees(chosenFile('letter.pdf'));
    await recommender.activate({ role: 'button', name: 'Send' });
  });

  await second.sees({ text: 'We received your file letter.pdf on' });

  // The applicant's checklist has both letters received, and neither letter's text.
  await me.open('/completion');
  for (const { name } of recommenders) await me.sees({ text: 'Received', within: { role: 'listitem', name, within: letters } });
  expect((await me.locate({ text: 'fastest consensus code' })).count).toBe(0);
  await expectAccessible(me);
});
