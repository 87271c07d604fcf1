import { describe, expect, it } from 'vitest';
import { answerOfParts, dayOfParts, isTypedDate, parseTypedDate, partsOfAnswer, partsOfDay, typeIntoPart } from '../../../../common/form/typed-date';

describe('a date typed as month, day and year', () => {
  it('names the stored day YYYY-MM-DD, padding one-digit months and days', () => {
    expect(dayOfParts({ month: '05', day: '14', year: '1990' })).toBe('1990-05-14');
    expect(dayOfParts({ month: '5', day: '4', year: '1990' })).toBe('1990-05-04');
    expect(dayOfParts({ month: '2', day: '29', year: '2024' })).toBe('2024-02-29');
  });

  it('is no day when a part is missing, not digits, or the calendar has no such day', () => {
    expect(dayOfParts({ month: '', day: '', year: '' })).toBeNull();
    expect(dayOfParts({ month: '05', day: '14', year: '' })).toBeNull();
    expect(dayOfParts({ month: '05', day: '14', year: '90' })).toBeNull();
    expect(dayOfParts({ month: '02', day: '30', year: '2026' })).toBeNull();
    expect(dayOfParts({ month: '02', day: '29', year: '2023' })).toBeNull();
    expect(dayOfParts({ month: '13', day: '01', year: '2026' })).toBeNull();
    expect(dayOfParts({ month: '00', day: '01', year: '2026' })).toBeNull();
    expect(dayOfParts({ month: '04', day: '31', year: '2026' })).toBeNull();
    expect(dayOfParts({ month: 'a', day: '1', year: '2026' })).toBeNull();
  });

  it('splits a stored day into its parts, and anything else into empty parts', () => {
    expect(partsOfDay('1990-05-14')).toEqual({ month: '05', day: '14', year: '1990' });
    expect(partsOfDay('')).toEqual({ month: '', day: '', year: '' });
    expect(partsOfDay('not a date')).toEqual({ month: '', day: '', year: '' });
  });
});

describe('a whole date typed or pasted into one field', () => {
  it.each([
    ['05141990', { month: '05', day: '14', year: '1990' }],
    ['05/14/1990', { month: '05', day: '14', year: '1990' }],
    ['5/4/1990', { month: '5', day: '4', year: '1990' }],
    ['05-14-1990', { month: '05', day: '14', year: '1990' }],
    ['05.14.1990', { month: '05', day: '14', year: '1990' }],
    [' 05 14 1990 ', { month: '05', day: '14', year: '1990' }],
    ['1990-05-14', { month: '05', day: '14', year: '1990' }],
    ['02/30/2026', { month: '02', day: '30', year: '2026' }],
  ])('reads %j as month, day and year', (text, parts) => {
    expect(parseTypedDate(text)).toEqual(parts);
  });

  it.each(['', '05', '0514', '051419', '05/14', 'May 14 1990', '123/4/1990'])('does not read %j as a whole date', (text) => {
    expect(parseTypedDate(text)).toBeNull();
  });
});

describe('typing into one part', () => {
  const empty = { month: '', day: '', year: '' };

  it('keeps up to two digits in the month or day and four in the year, in place', () => {
    expect(typeIntoPart(empty, 'month', '0')).toEqual({ parts: { ...empty, month: '0' }, focus: 'month' });
    expect(typeIntoPart(empty, 'month', '05')).toEqual({ parts: { ...empty, month: '05' }, focus: 'month' });
    expect(typeIntoPart(empty, 'year', '1990')).toEqual({ parts: { ...empty, year: '1990' }, focus: 'year' });
    expect(typeIntoPart(empty, 'year', '19901')).toEqual({ parts: { ...empty, year: '1990' }, focus: 'year' });
  });

  it('carries a digit that does not fit on to the next part, so digits typed in a row fill the date', () => {
    let state = { parts: empty, focus: 'month' as const } as ReturnType<typeof typeIntoPart>;
    for (const digit of '05141990') state = typeIntoPart(state.parts, state.focus, state.parts[state.focus] + digit);
    expect(state).toEqual({ parts: { month: '05', day: '14', year: '1990' }, focus: 'year' });
  });

  it('moves on at a separator, so 5/4/1990 typed in a row fills the date', () => {
    let state = { parts: empty, focus: 'month' as const } as ReturnType<typeof typeIntoPart>;
    for (const key of '5/4/1990') state = typeIntoPart(state.parts, state.focus, state.parts[state.focus] + key);
    expect(state).toEqual({ parts: { month: '5', day: '4', year: '1990' }, focus: 'year' });
  });

  it('carries nothing into a part that already holds something', () => {
    const filled = { month: '05', day: '14', year: '1990' };
    expect(typeIntoPart(filled, 'month', '056')).toEqual({ parts: filled, focus: 'day' });
    expect(typeIntoPart(filled, 'month', '05/')).toEqual({ parts: filled, focus: 'day' });
  });

  it('takes a whole date typed or pasted into any part', () => {
    expect(typeIntoPart(empty, 'month', '11/27/2026')).toEqual({ parts: { month: '11', day: '27', year: '2026' }, focus: 'year' });
    expect(typeIntoPart(empty, 'day', '11272026')).toEqual({ parts: { month: '11', day: '27', year: '2026' }, focus: 'year' });
    expect(typeIntoPart(empty, 'year', '2026-11-27')).toEqual({ parts: { month: '11', day: '27', year: '2026' }, focus: 'year' });
  });

  it('drops what is neither a digit nor a separator', () => {
    expect(typeIntoPart(empty, 'month', 'a')).toEqual({ parts: empty, focus: 'month' });
    expect(typeIntoPart(empty, 'year', '19x9')).toEqual({ parts: { ...empty, year: '199' }, focus: 'year' });
  });
});

describe('a date that is not one yet is kept as typed (issue 33, item 2)', () => {
  it('is the day when the parts name one, what was typed when they do not, null when nothing was', () => {
    expect(answerOfParts({ month: '05', day: '14', year: '1990' })).toBe('1990-05-14');
    expect(answerOfParts({ month: '13', day: '32', year: '88' })).toBe('13/32/88');
    expect(answerOfParts({ month: '5', day: '', year: '' })).toBe('5//');
    expect(answerOfParts({ month: '', day: '', year: '' })).toBeNull();
  });

  it('reads what was typed back into its parts, a day as before, anything else as empty parts', () => {
    for (const parts of [{ month: '13', day: '32', year: '88' }, { month: '5', day: '', year: '' }, { month: '', day: '', year: '2026' }]) {
      expect(partsOfAnswer(answerOfParts(parts)!)).toEqual(parts);
    }
    expect(partsOfAnswer('1990-05-14')).toEqual({ month: '05', day: '14', year: '1990' });
    expect(partsOfAnswer('//')).toEqual({ month: '', day: '', year: '' });
    expect(partsOfAnswer('a/b/c')).toEqual({ month: '', day: '', year: '' });
  });

  it('tells what was typed from other text: digits in three places, two slashes, nothing more, and not a day', () => {
    expect(['13/32/88', '5//', '//2026', '02/30/2026'].every(isTypedDate)).toBe(true);
    expect(['//', '12/31/1990', '2026-02-30', '123/1/1', '1/1/20261', '1-1-2026', 'a/1/1', '1/1/1 '].some(isTypedDate)).toBe(false);
  });
});
