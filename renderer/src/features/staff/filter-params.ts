import { asText } from '../../../../common/validation/text-characters';

/**
 * The query parameters of a staff filter form (the inbox's, the access log's): each filled field
 * as one line of text, trimmed, so a name pasted from a spreadsheet with its tab searches for the
 * name instead of being refused (issue 24; docs/decisions.md, "Pasted text becomes text").
 */
export function filterParamsOf(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    const text = typeof value === 'string' ? asText(value, false).trim() : '';
    if (text !== '') params.set(name, text);
  }
  return params;
}
