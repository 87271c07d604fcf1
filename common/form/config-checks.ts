import { ADD_ANOTHER_MAX } from '../constants';
import { slotKeys, type RepeatedBlockDef } from './model/college-block';
import type { FieldDef, PageDef, PageId, QuestionDef } from './types';
import { addAnotherById, tabGroupById } from './form-state';
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

/** Every problem found, each a sentence naming the keys involved; empty when the definition is sound. */
export function checkFormDefinition(
  pages: readonly PageDef[],
  model: Model,
  blocks: readonly RepeatedBlockDef[] = [],
): string[] {
  return [
    ...keysOnSeveralPages(pages),
    ...pages.flatMap((page) => keysOutsideModel(page, model)),
    ...pages.flatMap((page) => keysOnWrongPage(page, model)),
    ...pages.flatMap((page) => conditionsOnUnknownKeys(page, model)),
    ...modelPagesMissing(pages, model),
    ...pages.flatMap(unknownWidgetIds),
    ...blocks.flatMap((block) => blockProblems(block, model)),
  ];
}

/** Throws a BadConfigError listing every problem, if there is one. */
export function assertFormDefinition(pages: readonly PageDef[], model: Model, blocks: readonly RepeatedBlockDef[] = []): void {
  const problems = checkFormDefinition(pages, model, blocks);
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

/** A repeated section names an Add Another button and a tab section a tab group, both of form-state. */
function unknownWidgetIds(page: PageDef): string[] {
  return page.sections.flatMap((section) => [
    ...(section.repeat && !addAnotherById(section.repeat.buttonId)
      ? [`Section '${section.id}' on page '${page.id}' repeats through '${section.repeat.buttonId}', which is not an Add Another button.`]
      : []),
    ...(section.tabs && !tabGroupById(section.tabs.groupId)
      ? [`Section '${section.id}' on page '${page.id}' shows tab group '${section.tabs.groupId}', which is not a tab group.`]
      : []),
  ]);
}

function blockProblems(block: RepeatedBlockDef, model: Model): string[] {
  const problems: string[] = [];
  const name = `Repeated block '${block.id}'`;
  const unprefixed = block.fields.filter((field) => block.prefix === '' || !field.key.startsWith(block.prefix));
  if (unprefixed.length > 0) {
    problems.push(`${name}: keys that do not start with its prefix '${block.prefix}': ${quoted(unprefixed.map((field) => field.key))}.`);
  }
  if (!Number.isInteger(block.max) || block.max < 1 || block.max > ADD_ANOTHER_MAX) {
    problems.push(`${name} repeats up to ${block.max} times; it must repeat between 1 and ${ADD_ANOTHER_MAX} times.`);
    return problems;
  }
  const missing = Array.from({ length: block.max }, (_, i) => slotKeys(block, i + 1))
    .flat()
    .filter((key) => !model.has(key));
  if (missing.length > 0) problems.push(`${name} uses keys that are not in the data model: ${quoted(missing)}.`);
  return problems;
}
