// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, Answers, TabChoices } from '../../../../../common/api';
import { addAnotherButtons, tabGroups } from '../../../../../common/form/form-state';
import { formPages, pageOfKey } from '../../../../../common/form/pages';
import { errorsForPage, validateAnswers, visibleAnswers } from '../../../../../common/form/schema';
import type { PageDef, QuestionDef } from '../../../../../common/form/types';
import { isAnswered } from '../../../../../common/form/conditions';
import { expandRepeatedSection } from '../../../../../common/form/repeat';
import { allQuestions, sectionKeys, shownSections } from '../../../../../common/form/visibility';
import { AppProviders } from '../../../../../renderer/src/app/providers';
import { ErrorSummary } from '../../../../../renderer/src/features/form/components/error-summary';
import { FormPageBody } from '../../../../../renderer/src/features/form/components/page-body';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { webStatusAtom } from '../../../../../renderer/src/state/snapshot';
import { seededRandom } from '../../../../../scripts/support/seeded-random';
import { renderPrinted } from '../../print-view';
import { PRESENCE_COOKIE } from '../../render-app';

/**
 * Page tests generated from the definition (STYLE.md example 8): for many answer sets made from
 * the questions themselves, every error the validation reports for a page is linked by the
 * summary to /<page>#<key>, and the page has an element with that id to land on.
 */

type Random = () => number;

const pick = <T,>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

const TEXTS = ['', 'Some text', '3.5', '4.8', '9', '-1', '12345', '1000', '2024'];

/** A value the question's widget could hold, often a wrong one, sometimes none. */
function someValue(question: QuestionDef, random: Random): AnswerValue {
  const options = question.options ?? (question.dependsOn?.optionsByValue ? Object.values(question.dependsOn.optionsByValue).flat() : []);
  switch (question.widget) {
    case 'select':
    case 'radio':
      return random() < 0.85 && options.length > 0 ? pick(random, options).value : null;
    case 'checkbox':
      return random() < 0.5;
    case 'date':
      return pick(random, [null, '1990-04-01', '2999-01-01', '2026-02-30', '2026-01-15']);
    case 'phone':
      return pick(random, [null, '(410) 555-0142', '(123) 555-0142']);
    case 'upload':
      return random() < 0.5 ? 'ANSWERED' : null;
    case 'textarea':
      return random() < 0.5 ? 'Why I want to study here.' : null;
    default:
      return pick(random, TEXTS) || null;
  }
}

function randomAnswers(seed: number): Answers {
  const random = seededRandom(seed);
  const answers: Answers = {};
  for (const question of formPages.flatMap((page) => page.sections.flatMap(allQuestions))) {
    if (question.widget === 'checkGroup') for (const member of question.members ?? []) answers[member.key] = random() < 0.3;
    else answers[question.key] = someValue(question, random);
    if (question.smsOptInKey) answers[question.smsOptInKey] = random() < 0.3;
  }
  // What the applicant could really hold: hidden questions' answers are cleared as they hide.
  return visibleAnswers(formPages, answers);
}

function randomTabs(seed: number): TabChoices {
  const random = seededRandom(seed * 7 + 1);
  return Object.fromEntries(tabGroups.map((group) => [group.id, pick(random, group.tabs).id]));
}

function stubServer(tabs: TabChoices) {
  const counts = Object.fromEntries(addAnotherButtons.map((button) => [button.id, button.max]));
  const routes: Record<string, unknown> = { '/api/tabs': tabs, '/api/add-another': counts, '/api/document-answer': {} };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = routes[String(input)];
      return new Response(JSON.stringify(body ?? { message: 'not stubbed' }), {
        status: body ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

async function renderValidating(page: PageDef, answers: Answers, tabs: TabChoices) {
  renderPage(page, answers, tabs);
  // The stored add-another counts arrive: every slot is drawn (the tab choices come in the same tick).
  for (const section of page.sections.filter((candidate) => candidate.repeat)) {
    await screen.findByRole('group', { name: `${section.repeat!.blockTitle} ${section.repeat!.button.max}` });
  }
}

function renderPage(page: PageDef, answers: Answers, tabs: TabChoices) {
  queryClient.clear();
  stubServer(tabs);
  const store = createStore();
  // The applicant is logged in and validating.
  store.set(cookieHeaderAtom, PRESENCE_COOKIE);
  store.set(webStatusAtom, 'validating');
  store.set(studentAnswersAtom, answers);
  const container = document.body.appendChild(document.createElement('div'));
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[page.path]}>
        {/* Above the page, as the form layout places it. */}
        <ErrorSummary />
        <FormPageBody page={page} />
      </MemoryRouter>
    </AppProviders>,
    { container },
  );
  return container;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SEEDS = Array.from({ length: 10 }, (_, index) => index + 1);

describe.each(formPages.map((page) => [page.title, page] as const))('%s, generated', (_title, page) => {
  it.each(SEEDS)('links every error to an element with that id on the page (answer set %i)', async (seed) => {
    const answers = randomAnswers(seed);
    const tabs = randomTabs(seed);
    const allErrors = validateAnswers(answers);
    const errors = errorsForPage(allErrors, page.id);
    await renderValidating(page, answers, tabs);
    await vi.waitFor(() => {
      for (const key of Object.keys(errors)) expect(document.getElementById(key), `#${key} on ${page.path}`).not.toBeNull();
    });

    // The summary lists every page's errors, page by page in navigation order, each linking to its own page.
    const summary = Object.keys(allErrors).length > 0 ? screen.getByRole('region', { name: 'Please fix the following before you submit' }) : null;
    const hrefs = summary ? within(summary).getAllByRole('link').map((link) => link.getAttribute('href')) : [];
    const expected = formPages.flatMap((candidate) =>
      Object.entries(allErrors)
        .filter(([key]) => pageOfKey(key) === candidate)
        .flatMap(([key, messages]) => [...new Set(messages)].map(() => `${candidate.path}#${key}`)),
    );
    expect(expected).toHaveLength(Object.values(allErrors).reduce((count, messages) => count + new Set(messages).size, 0));
    expect(hrefs).toEqual(expected);
    // A whole page with every repeated slot drawn: about 2 s on a quiet machine, over 5 on the shared one.
  });

  it.each(SEEDS)('prints with no control, button, tab or link, and every repeated slot that holds answers (answer set %i)', (seed) => {
    const answers = randomAnswers(seed);
    const { container } = renderPrinted([page], { answers, tabs: randomTabs(seed) });
    expect(container.querySelectorAll('input, select, textarea, button, a, [role="tab"], [role="tablist"]')).toHaveLength(0);
    for (const section of page.sections.filter((candidate) => candidate.repeat && shownSections(page, answers).includes(candidate))) {
      const answeredSlots = expandRepeatedSection(section).filter((slot, index) => index === 0 || sectionKeys(slot).some((key) => isAnswered(answers[key])));
      const titles = answeredSlots.map((_slot, index) => `${section.repeat!.blockTitle} ${index + 1}`);
      expect(within(container).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(titles);
    }
    const marks = container.textContent?.match(/\[(X| )\]/g) ?? [];
    expect(marks.length).toBeGreaterThan(0);
  });
});
