import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { validateAnswers } from '../../common/form/schema';
import { buildPdf, sampleDocx } from '../../scripts/support/documents';
import { pdfTextByPage } from '../support/poppler';
import { chooseProgram, chooseSchool, fillCollege } from './support/academics';
import { fillAboutYou } from './support/about-you';
import { typeDate } from './support/dates';
import { tempFile } from './support/files';
import { fillFinalStepsAsDependentStudent } from './support/final-steps';
import {
  completeSignUp,
  confirmedAccount,
  expect,
  expectAccessible,
  logIn,
  setWebStatus,
  storedAnswers,
  test,
  uniqueEmail,
} from './support/fixtures';
import { submitThroughReview } from './support/review';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

const SUMMARY = 'Please fix the following before you submit';

async function goTo(page: Page, title: string, path: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(path);
}

/** Signs up through the cards, as a new applicant does. */
async function signUp(page: Page, username: string): Promise<void> {
  await page.goto('/signup');
  await completeSignUp(page, username);
  await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
}

/** Runs the staff command against the e2e server's store, as an admissions officer would on the server. */
async function serviceLinkFromCommand(username: string, baseURL: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/service-token.ts', username, '--days', '1'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  });
  const link = stdout.trim().split('\n')[0]!;
  expect(link).toMatch(/\?service_token=[\w-]{43}$/);
  return link;
}

test('one applicant signs up, completes all three pages (two colleges, a typed essay and an uploaded resume, the in-state questionnaire as a dependent student), submits and downloads the PDF; staff open it with a minted link', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const username = uniqueEmail('whole');
  await signUp(page, username);
  await setWebStatus(page, baseURL!, 'started');

  // About You
  await fillAboutYou(page, { first: 'Mary', last: 'Jackson' });
  await goTo(page, 'Your Academics', /\/education$/);

  // Your Academics: two colleges, the first chosen from the school search
  await page.getByRole('group', { name: /^Have you taken classes at .* before\?$/ }).getByLabel('No', { exact: true }).check();
  const colleges = page.getByRole('region', { name: 'Colleges Attended' });
  const first = colleges.getByRole('group', { name: 'College 1' });
  await chooseSchool(first, 'Towson Univ', /^Towson University/);
  await expect(first.getByRole('combobox', { name: 'Search For Your School' })).toHaveValue('Towson University');
  await fillCollege(first, {
    degree: "Bachelor's degree (BA, BS)",
    major: 'Information Systems',
    degreeMonth: 'May',
    degreeYear: '2016',
    gpa: '3.62',
    credits: '124',
    from: { month: 'August', year: '2012' },
    to: { month: 'May', year: '2016' },
  });
  await colleges.getByRole('button', { name: 'Add Another' }).click();
  const second = colleges.getByRole('group', { name: 'College 2' });
  await second.getByRole('combobox', { name: 'Search For Your School' }).fill('Howard Community College');
  await second.getByRole('combobox', { name: 'Search For Your School' }).press('Escape');
  await fillCollege(second, {
    degree: 'Associate degree (AA, AS)',
    major: 'General Studies',
    degreeMonth: 'May',
    degreeYear: '2012',
    gpa: '3.9',
    credits: '62',
  });
  await page.getByRole('region', { name: 'Honors and Awards' }).getByLabel('Honor or Award 1 (optional)', { exact: true }).fill("Dean's List");

  // The MBA reads a personal statement, a resume and the GMAT.
  await chooseProgram(page, 'Main campus, Baltimore', 'Business Administration (MBA)');
  const term = page.getByLabel('Starting Term', { exact: true });
  const firstTerm = await term.locator('option').nth(1).textContent();
  await term.selectOption({ label: firstTerm! });

  const statement = page.getByRole('region', { name: 'Personal Statement', exact: true });
  await statement.getByRole('textbox', { name: 'Personal Statement', exact: true }).fill('I want to lead a team that builds public health software.');
  await statement.getByRole('textbox', { name: 'Personal Statement', exact: true }).press('Tab');
  const resume = page.getByRole('region', { name: 'Resume', exact: true });
  await resume.getByRole('tab', { name: 'Upload a document' }).click();
  await resume.getByLabel('Upload your Resume').setInputFiles(tempFile('resume.docx', sampleDocx()));
  await expect(resume.getByText('resume.docx')).toBeVisible({ timeout: 30_000 });

  const gmat = page.getByRole('region', { name: 'GMAT' });
  await gmat.getByRole('group', { name: 'Have you taken the GMAT?' }).getByLabel('Yes', { exact: true }).check();
  await gmat.getByLabel('GMAT Test Month', { exact: true }).selectOption({ label: 'March' });
  await gmat.getByLabel('GMAT Test Year', { exact: true }).selectOption(String(new Date().getFullYear() - 1));
  await gmat.getByLabel('GMAT Total Score', { exact: true }).fill('650');
  await expectAccessible(page);

  // Final Steps
  await goTo(page, 'Final Steps', /\/final-steps$/);
  await fillFinalStepsAsDependentStudent(page, 'Mary Jackson', tempFile('lease.pdf', await buildPdf(['Residential lease, 12 Oak Street, Towson, MD.'])));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at \d{1,2}:\d{2}/)).toBeVisible();

  // Everything is stored: the answers of every page, both colleges, both documents.
  await expect.poll(() => storedAnswers(page)).toMatchObject({
    first_name: 'Mary',
    previously_attend: 'N',
    college_name: 'Towson University',
    college_degree: 'BD',
    college_gpa: '3.62',
    college_name_2: 'Howard Community College',
    college_degree_2: 'AD',
    honors_name: "Dean's List",
    campus_preferrence: 'M',
    applied_major: 'MBA',
    applied_major_desc: 'Business Administration (MBA)',
    personal_statement: 'I want to lead a team that builds public health software.',
    resume_doc: 'ANSWERED',
    gmat_taken: 'Y',
    gmat_score_composite: '650',
    instate_tuition: 'Y',
    maryland_financially_ind_dep: 'Y',
    maryland_provider_name: 'Mary Jackson',
    maryland_resided_12_months: 'Y',
    doc_upload: 'ANSWERED',
    legal_agree: true,
    statement_checkbox: true,
    completion_signature: 'Mary Jackson',
  });
  const documents = (await (await page.request.get('/api/document-answer')).json()) as Record<string, unknown>;
  expect(Object.keys(documents).sort()).toEqual(['doc_upload', 'resume_doc']);

  // The server's answers pass the same schema the server validates a submission with.
  const stored = await storedAnswers(page);
  expect(validateAnswers(stored as Parameters<typeof validateAnswers>[0])).toEqual({});

  // And the renderer agrees: while validating, no page shows an error or a missing item.
  await setWebStatus(page, baseURL!, 'validating');
  await page.reload();
  for (const [title, path] of [
    ['About You', /\/about$/],
    ['Your Academics', /\/education$/],
    ['Final Steps', /\/final-steps$/],
  ] as const) {
    await goTo(page, title, path);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page.getByRole('region', { name: SUMMARY })).toHaveCount(0);
    await expect(page.getByText(/^Still to answer/)).toHaveCount(0);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  }

  // Submit through the review page: the application is frozen and the completion page thanks the applicant.
  await submitThroughReview(page);
  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByText('Your application was successfully submitted.')).toBeVisible();
  await expect(page.getByText('Congratulations on completing the online portion of your application!')).toBeVisible();
  const download = page.getByRole('link', { name: 'Download your application (PDF)' });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('application-Jackson-Mary.pdf');
  const pdf = await (await page.request.get((await download.getAttribute('href'))!)).body();
  const pages = await pdfTextByPage(new Uint8Array(pdf));
  const text = pages.join('\n');
  for (const expected of ['Mary Jackson', 'Towson University', 'Howard Community College', 'Business Administration (MBA)', 'File attached: resume.docx', 'File attached: lease.pdf']) {
    expect(text).toContain(expected);
  }
  expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
  expect((await page.request.put('/api/answer', { data: { first_name: 'Changed' }, headers: { origin: baseURL! } })).status()).toBe(409);

  // Staff: a read-only link minted by the command shows the submitted application, with no controls.
  const staff = await page.context().browser()!.newPage();
  await staff.goto(await serviceLinkFromCommand(username, baseURL!));
  await expect(staff.getByText('Applicant: Mary Jackson')).toBeVisible();
  await expect(staff.getByText('Towson University')).toBeVisible();
  await expect(staff.locator('input, select, textarea, button')).toHaveCount(0);
  await staff.close();
});

test('while validating, an unanswered Final Steps question is listed, its link lands on it, and answering it clears the error', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'finalsteps');
  await logIn(page, username);
  await setWebStatus(page, baseURL!, 'started');
  await setWebStatus(page, baseURL!, 'validating');
  await page.reload();
  await goTo(page, 'Final Steps', /\/final-steps$/);

  const summary = page.getByRole('region', { name: SUMMARY });
  await expect(summary).toBeVisible();
  const message = 'Please answer: Are you applying for in-state tuition?';
  await summary.getByRole('link', { name: message }).click();
  await expect(page).toHaveURL(/\/final-steps#instate_tuition$/);
  await expect(page.locator('#instate_tuition')).toBeFocused();
  await expect(page.locator('#instate_tuition-errors')).toHaveText(new RegExp(message.replace('?', '\\?')));
  await expectAccessible(page);

  // Yes opens the questionnaire: its follow-ons are now missing; No hides and clears them.
  const inState = page.getByRole('group', { name: 'Are you applying for in-state tuition?' });
  await inState.getByLabel('Yes', { exact: true }).check();
  await expect(summary.getByRole('link', { name: message })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: 'Please answer: Who provides more than half of your financial support?' })).toBeVisible();
  await expect(page.getByText('Please check the box to certify your answers to the in-state tuition questions.').first()).toBeVisible();
  await inState.getByLabel('No', { exact: true }).check();
  await expect(page.getByRole('region', { name: 'Financial Support' })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: 'Please answer: Who provides more than half of your financial support?' })).toHaveCount(0);

  // The completion date may not be in the future (form-content section 5, word for word).
  await typeDate(page, "Today's Date", '2999-01-01');
  await expect(page.locator('#completion_date-errors')).toHaveText('Completion date must be today or any date in the past');
  await expectAccessible(page);
});
