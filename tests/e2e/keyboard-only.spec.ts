import type { Locator, Page } from '@playwright/test';
import type { Answers } from '../../common/api';
import { lookupKindOf } from '../../common/form/lookups';
import { reviewHeading } from '../../common/form/page-list';
import { formPages } from '../../common/form/pages';
import { optionsOf } from '../../common/form/print';
import type { QuestionDef, SectionDef } from '../../common/form/types';
import { isQuestionShown, isSectionOpen, shownSections } from '../../common/form/visibility';
import { completeApplication } from '../../scripts/support/complete-application';
import { dateGroup, expectDate } from './support/dates';
import { PASSWORD, confirmedAccount, expect, storedAnswers, test } from './support/fixtures';
import { CONTINUE_TO_REVIEW } from './support/review';

/**
 * DESIGN section 8: keyboard-only use works. One applicant logs in and completes the whole
 * application with Tab, arrows, Space, Enter and typed characters: no clicks, fills or checks.
 * The answers are those of completeApplication; which control asks for each, and in what order,
 * is read from the form definition, so the walk follows the pages as they are.
 */

const MAX_TABS = 400;

// An American browser, as most applicants'.
test.use({ locale: 'en-US' });

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
}

/** Presses Tab until `target` (or, for a group, something inside it) has the focus. */
async function tabTo(page: Page, target: Locator, name: string): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${MAX_TABS} presses of Tab never reached ${name}`);
}

/** The value of a closed native select is changed by typing the start of an option, as on any desktop. */
async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await page.keyboard.type(label);
  const chosen = select.locator('option:checked');
  // A shorter label that another one starts with may need the arrow once the typed text stops matching.
  for (let step = 0; step < 5 && (await chosen.textContent()) !== label; step += 1) await page.keyboard.press('ArrowDown');
  await expect(chosen).toHaveText(label);
}

/** Arrows move the choice within a radio group; Space takes the first one, where the focus lands. */
async function chooseRadio(page: Page, group: Locator, label: string): Promise<void> {
  const radio = group.getByRole('radio', { name: label, exact: true });
  const count = await group.getByRole('radio').count();
  if (await isFocused(radio)) await page.keyboard.press('Space');
  for (let step = 0; step < count && !(await radio.isChecked()); step += 1) await page.keyboard.press('ArrowDown');
  await expect(radio).toBeChecked();
}

/** A school is searched and chosen from the suggestions; an address field keeps what was typed. */
async function answerLookup(page: Page, question: QuestionDef, field: Locator, scope: Locator, text: string): Promise<void> {
  await page.keyboard.type(text);
  if (lookupKindOf(question.lookup!.category) !== 'school') {
    await page.keyboard.press('Escape');
    return;
  }
  const option = scope.getByRole('option', { name: new RegExp(`^${text}`) }).first();
  await expect(option).toBeVisible();
  for (let step = 0; step < 5 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toHaveValue(text);
}

/** Answers one question, whose control has the focus, the way its widget takes keys. */
async function answer(page: Page, section: Locator, question: QuestionDef, answers: Answers): Promise<void> {
  const value = answers[question.key];
  const name = `${question.label} (${question.key})`;
  switch (question.widget) {
    case 'radio': {
      const group = section.getByRole('group', { name: question.label, exact: true });
      await tabTo(page, group, name);
      const label = optionsOf(question, answers).find((option) => option.value === value)!.label;
      await chooseRadio(page, group, label);
      return;
    }
    case 'checkbox': {
      const box = section.getByRole('checkbox', { name: question.label, exact: true });
      await tabTo(page, box, name);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked({ checked: value === true });
      return;
    }
    case 'select': {
      const select = section.getByRole('combobox', { name: question.label, exact: true });
      await tabTo(page, select, name);
      await chooseOption(page, select, optionsOf(question, answers).find((option) => option.value === value)!.label);
      return;
    }
    case 'lookup': {
      const field = section.getByRole('combobox', { name: question.label, exact: true });
      await tabTo(page, field, name);
      await answerLookup(page, question, field, section, String(value));
      return;
    }
    case 'date': {
      // Month, day and year, typed as digits in a row from the month: each part moves on when full.
      const group = dateGroup(section, question.label);
      await tabTo(page, group, name);
      const [year, month, day] = String(value).split('-');
      await page.keyboard.type(`${month}${day}${year}`);
      await expectDate(section, question.label, String(value));
      return;
    }
    case 'phone': {
      const field = section.getByRole('textbox', { name: question.label, exact: true });
      await tabTo(page, field, name);
      await page.keyboard.type(String(value).replace(/\D/g, ''));
      await expect(field).toHaveValue(String(value));
      return;
    }
    case 'text':
    case 'textarea': {
      const field = section.getByRole('textbox', { name: question.label, exact: true });
      await tabTo(page, field, name);
      await page.keyboard.type(String(value));
      await expect(field).toHaveValue(String(value));
      return;
    }
    default:
      throw new Error(`No keyboard walk for the ${question.widget} widget of ${name}`);
  }
}

/** The questions of a section that the answers fill, in page order, its checkbox trigger first. */
function questionsToAnswer(section: SectionDef, answers: Answers): QuestionDef[] {
  const trigger: QuestionDef[] =
    section.trigger?.kind === 'checkbox' ? [{ key: section.trigger.key, widget: 'checkbox', label: section.trigger.label }] : [];
  const questions = isSectionOpen(section, answers) ? section.questions.filter((question) => isQuestionShown(question, answers)) : [];
  return [...trigger, ...questions].filter((question) => answers[question.key] !== undefined && answers[question.key] !== false);
}

test('an applicant logs in and completes, saves and submits the whole application with the keyboard alone', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const answers = completeApplication();
  const username = await confirmedAccount(request, baseURL!, 'keyboard');

  // The Help dialog opens from the footer with Enter, holds the focus, and Escape closes it and
  // gives the focus back.
  await page.goto('/login');
  const help = page.getByRole('contentinfo').getByRole('button', { name: 'Help' });
  await tabTo(page, help, 'Help');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Help' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => isFocused(dialog)).toBe(true);
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await isFocused(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(help).toBeFocused();

  // Log in: the fields in order, and Enter submits the card.
  await tabTo(page, page.getByLabel('Email'), 'Email');
  await page.keyboard.type(username);
  await tabTo(page, page.getByLabel('Password'), 'Password');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);

  for (const [index, definition] of formPages.entries()) {
    await expect(page).toHaveURL(new RegExp(`${definition.path}$`));
    await expect(page.getByRole('heading', { name: definition.title, level: 2 })).toBeVisible();
    for (const section of shownSections(definition, answers)) {
      const questions = questionsToAnswer(section, answers);
      if (questions.length === 0) continue;
      const region = page.getByRole('region', { name: section.title, exact: true });
      for (const question of questions) await answer(page, region, question, answers);
    }
    const next = formPages[index + 1];
    const action = page.getByRole('button', { name: next ? `Save and Continue to ${next.title}` : CONTINUE_TO_REVIEW, exact: true });
    await tabTo(page, action, 'the page action');
    await page.keyboard.press('Enter');
  }

  // The review page (issue 33 item 4): Submit at its foot, past a Change link per answer.
  await expect(page).toHaveURL(new RegExp(`${reviewHeading.path}$`));
  await tabTo(page, page.getByRole('button', { name: 'Submit', exact: true }), 'Submit');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/completion$/);
  await expect(page.getByLabel('Success Notification')).toContainText('Your application was successfully submitted.');
  await expect(page.getByRole('heading', { name: 'Thanks, Ada', exact: true })).toBeVisible();
  expect(await storedAnswers(page)).toMatchObject(answers);
});
