import type { Middleware } from 'koa';
import { isMultiLineKey } from '../../common/form/model';
import { LETTER_TEXT_FIELD } from '../../common/recommendation-api';
import { labelOfKey } from '../../common/form/pages';
import { isAllowedText, textCharacterMessages } from '../../common/validation/text-characters';
import { badRequest, type HttpError } from './errors';

/**
 * "Text is text" (issue 24): every string a request carries, in its JSON body, its query or its
 * path, holds no control character and no unpaired surrogate (common/validation/text-characters.ts).
 * Checked where bodies and queries are read, before any route, so no route can forget it and a
 * refused request changes nothing. The 400 names each field: an answer by its question's label,
 * anything else by its key.
 */

/** Where the address (the path itself) is named in the errors. */
export const PATH_FIELD = 'path';
const PATH_NAME = 'The address';
/** A body that is a bare string, not an object. */
const BODY_FIELD = 'body';
const BODY_NAME = 'The request body';

type Refusals = Map<string, string>;

function refuse(refusals: Refusals, field: string, name: string): void {
  if (!refusals.has(field)) refusals.set(field, textCharacterMessages.notAllowed(name));
}

function refusal(refusals: Refusals): HttpError | null {
  if (refusals.size === 0) return null;
  const errors: Record<string, string[]> = Object.create(null);
  for (const [field, message] of refusals) errors[field] = [message];
  return badRequest([...refusals.values()][0]!, errors);
}

const nameOf = (key: string) => labelOfKey(key) ?? key;

/** A textarea question's answer, or a recommender's typed letter: the fields that keep tabs and line breaks. */
export const isMultiLineField = (key: string) => isMultiLineKey(key) || key === LETTER_TEXT_FIELD;

/**
 * Every string of a parsed JSON body, object keys included, walked without recursion (a body may
 * nest deeply). A string under an answer key of a textarea question may hold tabs and line breaks.
 */
export function checkBodyText(body: unknown): void {
  const refusals: Refusals = new Map();
  const pending: { value: unknown; key: string | null; field: string }[] = [{ value: body, key: null, field: '' }];
  while (pending.length > 0) {
    const { value, key, field } = pending.pop()!;
    if (typeof value === 'string') {
      if (!isAllowedText(value, key !== null && isMultiLineField(key))) refuse(refusals, field || BODY_FIELD, key === null ? BODY_NAME : nameOf(key));
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, key, field });
    } else if (typeof value === 'object' && value !== null) {
      for (const [childKey, child] of Object.entries(value)) {
        const childField = field ? `${field}.${childKey}` : childKey;
        if (!isAllowedText(childKey)) refuse(refusals, childField, nameOf(childKey));
        pending.push({ value: child, key: childKey, field: childField });
      }
    }
  }
  const error = refusal(refusals);
  if (error) throw error;
}

/** The query's names and values, and the path as decoded for the routes' parameters. */
function checkAddressText(path: string, query: Record<string, string | string[] | undefined>): void {
  const refusals: Refusals = new Map();
  let decodedPath = path;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: the routers do not decode it either, and answer it as they do.
  }
  if (!isAllowedText(decodedPath)) refuse(refusals, PATH_FIELD, PATH_NAME);
  for (const [name, values] of Object.entries(query)) {
    const all = Array.isArray(values) ? values : [values ?? ''];
    if (!isAllowedText(name) || all.some((value) => !isAllowedText(value))) refuse(refusals, name, name);
  }
  const error = refusal(refusals);
  if (error) throw error;
}

/** Refuses a request whose path or query holds a character that is not text, before any route reads them. */
export function textOnlyAddress(): Middleware {
  return async (ctx, next) => {
    checkAddressText(ctx.path, ctx.query);
    await next();
  };
}
