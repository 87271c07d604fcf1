// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { filterParamsOf } from '../../../../../renderer/src/features/staff/filter-params';

/** A form as the staff filters draw it: these fields with these values. */
function form(values: Record<string, string>): HTMLFormElement {
  const element = document.createElement('form');
  for (const [name, value] of Object.entries(values)) {
    const input = document.createElement('input');
    input.name = name;
    input.value = value;
    element.append(input);
  }
  return element;
}

/**
 * Issue 24 item 1: a staff filter never sends what the server refuses as not text (a name pasted
 * from a spreadsheet with its tab); the inbox and the access log read their filters here.
 */
describe('the staff filters as query parameters', () => {
  it('sends each filled field trimmed, as one line of text, and leaves out the empty ones', () => {
    const params = filterParamsOf(form({ q: ' Ada\tLovelace\r\n', staff: '\tofficer@example.edu', campus: '', program: '  ', term: 'x\u0000y' }));
    expect([...params]).toEqual([
      ['q', 'Ada Lovelace'],
      ['staff', 'officer@example.edu'],
      ['term', 'xy'],
    ]);
  });
});
