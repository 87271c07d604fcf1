import { fieldsOfPages } from '../../../common/form/model/define';
import type { PageDef } from '../../../common/form/types';

/**
 * Which answer keys are uploads and which hold several lines, read from the form's definition
 * when it loads (state/form-definition.ts): the first paint's chunk holds no question, so it
 * cannot hold the data model the questions make (common/form/model) either.
 */
let kinds: { uploads: ReadonlySet<string>; multiLine: ReadonlySet<string> } | null = null;

export function learnAnswerKinds(pages: readonly PageDef[]): void {
  const fields = fieldsOfPages(pages);
  const keysOf = (type: string) => new Set(fields.filter((field) => field.type === type).map((field) => field.key));
  kinds = { uploads: keysOf('upload'), multiLine: keysOf('textarea') };
}

/** An upload question's key: its answer is written only by its document's conversion, never by a save. */
export function isUploadKey(key: unknown): key is string {
  return typeof key === 'string' && (kinds?.uploads.has(key) ?? false);
}

/**
 * A key whose answer may hold line breaks (a textarea's). Before the definition has loaded every
 * key keeps them: the only answers then are the server's, already text of their kind, and those
 * carried from this page, which it made so; no field exists yet to type or paste into.
 */
export function isMultiLineKey(key: string): boolean {
  return kinds === null || kinds.multiLine.has(key);
}
