import { fieldsOfPages } from './model/define';
import type { FieldDef, PageDef, PageId, QuestionDef } from './types';
import { declaredReadsOutsideModel, repeatLimitsOutOfRange, tabKeysOutsideModel, widgetIdsDeclaredTwice } from './declaration-checks';
import { allQuestions, sectionKeys } from './visibility';

/**
 * The bad-configuration checks of spec platform section 5 and form-content section 8: mistakes a
 * developer makes when editing the form definition, caught in development and by the unit tests,
 * never shown to an applicant.
 */
export class BadConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`The form definition is misconfigured:\n- ${problems.join('\n- ')}`);
    this.name = 'BadConfigError';
    this.problems = problems;
  }
}

type Model = ReadonlyMap<string, FieldDef>;

/** The data model the pages' question declarations make (model/define.ts). */
export function modelOfPages(pages: readonly PageDef[]): Model {
  return new Map(fieldsOfPages(pages).map((field) => [field.key, field]));
}

/**
 * Every problem found, each a sentence naming the keys involved; empty when the definition is
 * sound. The model is the one the pages declare unless a test gives another.
 */
export function checkFormDefinition(pages: readonly PageDef[], model: Model = modelOfPages(pages)): string[] {
  return [
    ...keysOnSeveralPages(pages),
    ...pages.flatMap(keysDeclaredTwice),
    ...rolesDeclaredTwice(pages),
    ...pages.flatMap((page) => keysOutsideModel(page, model)),
    ...pages.flatMap((page) => keysOnWrongPage(page, model)),
    ...pages.flatMap((page) => conditionsOnUnknownKeys(page, model)),
    ...modelPagesMissing(pages, model),
    ...pages.flatMap((page) => declaredReadsOutsideModel(page, model)),
    ...widgetIdsDeclaredTwice(pages),
    ...repeatLimitsOutOfRange(pages),
    ...tabKeysOutsideModel(pages, model),
  ];
}

/** Throws a BadConfigError listing every problem, if there is one. */
export function assertFormDefinition(pages: readonly PageDef[], model?: Model): void {
  const problems = checkFormDefinition(pages, model);
  if (problems.length > 0) throw new BadConfigError(problems);
}

/** Every key the page writes: each question's own, `_desc`, check-group members, SMS opt-in, and checkbox triggers. */
function pageKeys(page: PageDef): string[] {
  return page.sections.flatMap((section) => sectionKeys(section));
}

function questionsOf(page: PageDef): QuestionDef[] {
  return page.sections.flatMap(allQuestions);
}

function quoted(keys: Iterable<string>): string {
  return [...keys].map((key) => `'${key}'`).join(', ');
}

/** The error summary links each key to one page, so a key may live on one page only. */
function keysOnSeveralPages(pages: readonly PageDef[]): string[] {
  const pagesByKey = new Map<string, Set<PageId>>();
  for (const page of pages) {
    for (const key of pageKeys(page)) {
      const found = pagesByKey.get(key) ?? new Set<PageId>();
      found.add(page.id);
      pagesByKey.set(key, found);
    }
  }
  return [...pagesByKey]
    .filter(([, found]) => found.size > 1)
    .map(([key, found]) => `Key '${key}' appears on more than one page: ${[...found].join(', ')}.`);
}

function keysOutsideModel(page: PageDef, model: Model): string[] {
  const extra = new Set(pageKeys(page).filter((key) => !model.has(key)));
  return extra.size === 0 ? [] : [`Page '${page.id}' uses keys that are not in the data model: ${quoted(extra)}.`];
}

function keysOnWrongPage(page: PageDef, model: Model): string[] {
  return pageKeys(page).flatMap((key) => {
    const field = model.get(key);
    return field && field.page !== page.id
      ? [`Key '${key}' is asked on page '${page.id}' but the data model places it on page '${field.page}'.`]
      : [];
  });
}

function conditionsOnUnknownKeys(page: PageDef, model: Model): string[] {
  const sectionControls = page.sections.flatMap((section) =>
    section.condition ? [{ owner: `section '${section.id}'`, key: section.condition.valueKey }] : [],
  );
  const questionControls = questionsOf(page).flatMap((question) => [
    ...(question.condition ? [{ owner: `question '${question.key}'`, key: question.condition.valueKey }] : []),
    ...(question.dependsOn ? [{ owner: `question '${question.key}'`, key: question.dependsOn.controlKey }] : []),
  ]);
  return [...sectionControls, ...questionControls]
    .filter(({ key }) => !model.has(key))
    .map(({ owner, key }) => `The condition of ${owner} on page '${page.id}' reads '${key}', which is not in the data model.`);
}

/** A key whose page is not in the form would have no page to link to in the error summary. */
function modelPagesMissing(pages: readonly PageDef[], model: Model): string[] {
  const pageIds = new Set(pages.map((page) => page.id));
  const orphansByPage = new Map<PageId, string[]>();
  for (const field of model.values()) {
    if (pageIds.has(field.page)) continue;
    orphansByPage.set(field.page, [...(orphansByPage.get(field.page) ?? []), field.key]);
  }
  return [...orphansByPage].map(
    ([page, keys]) => `Keys of the data model belong to page '${page}', which is not in the form: ${quoted(keys)}.`,
  );
}

/**
 * Each answer key is declared by one question: a second would give it two labels, rules and
 * lengths. Alternative sections of one group (only one of them shows) may ask the same question.
 */
function keysDeclaredTwice(page: PageDef): string[] {
  const ownerOf = new Map<string, string>();
  const twice = new Set<string>();
  for (const section of page.sections) {
    const owner = section.group ?? section.id;
    const keys = sectionKeys(section);
    for (const [index, key] of keys.entries()) {
      const known = ownerOf.get(key);
      if ((known !== undefined && known !== owner) || keys.indexOf(key) !== index) twice.add(key);
      ownerOf.set(key, owner);
    }
  }
  return twice.size === 0 ? [] : [`Page '${page.id}' declares these keys more than once: ${quoted(twice)}.`];
}

/** A role is one answer's: two questions of one role would give two names or programs. */
function rolesDeclaredTwice(pages: readonly PageDef[]): string[] {
  const keysByRole = new Map<string, Set<string>>();
  // Slot 1's questions: a repeated block's role would be each slot's.
  for (const question of pages.flatMap((page) => page.sections.flatMap((section) => section.questions))) {
    if (!question.role) continue;
    keysByRole.set(question.role, (keysByRole.get(question.role) ?? new Set()).add(question.key));
  }
  return [...keysByRole].filter(([, keys]) => keys.size > 1).map(([role, keys]) => `Role '${role}' is declared by more than one question: ${quoted(keys)}.`);
}
