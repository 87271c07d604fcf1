// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  endedSessionCopyFor,
  forgetEndedSessionCopy,
  forgetVisitorCopy,
  keepEndedSessionCopy,
  keepVisitorCopy,
  UNSAVED_ANSWERS_KEY,
  VISITOR_ANSWERS_KEY,
  visitorCopy,
} from '../../../../../renderer/src/features/answers/tab-copies';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("a visitor's answers kept in the tab", () => {
  it('keeps the answered values in sessionStorage only, and gives them back', () => {
    keepVisitorCopy({ first_name: 'Grace', middle_name: '', last_name: null, sms_opt_in: false, veteran: true });
    expect(visitorCopy()).toEqual({ first_name: 'Grace', veteran: true });
    expect(localStorage.length).toBe(0);
    expect(JSON.parse(sessionStorage.getItem(VISITOR_ANSWERS_KEY)!)).toEqual({ first_name: 'Grace', veteran: true });
  });

  it('removes the copy when no answer is left, and when forgotten', () => {
    keepVisitorCopy({ first_name: 'Grace' });
    keepVisitorCopy({ first_name: '  ' });
    expect(sessionStorage.getItem(VISITOR_ANSWERS_KEY)).toBeNull();
    keepVisitorCopy({ first_name: 'Grace' });
    forgetVisitorCopy();
    expect(visitorCopy()).toBeNull();
  });

  it('reads a damaged or foreign copy as nothing, and keeps only text and true/false values', () => {
    for (const raw of ['{', '[1,2]', 'null', '"Grace"', '{"first_name":{"x":1}}']) {
      sessionStorage.setItem(VISITOR_ANSWERS_KEY, raw);
      expect(visitorCopy()).toBeNull();
    }
    sessionStorage.setItem(VISITOR_ANSWERS_KEY, JSON.stringify({ first_name: 'Grace', age: 7, list: ['a'], veteran: true }));
    expect(visitorCopy()).toEqual({ first_name: 'Grace', veteran: true });
  });
});

describe("an ended session's undelivered answers kept in the tab", () => {
  it('hands them back to the same applicant only, whatever the case of the address, added to what was kept', () => {
    keepEndedSessionCopy('Ada@Example.edu', { first_name: 'Ada' });
    keepEndedSessionCopy('ada@example.edu', { last_name: 'Lovelace' });
    expect(localStorage.length).toBe(0);
    expect(endedSessionCopyFor('ADA@example.edu')).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('drops them for anyone else who logs in, and after a day', () => {
    keepEndedSessionCopy('ada@example.edu', { first_name: 'Ada' });
    expect(endedSessionCopyFor('bob@example.edu')).toBeNull();
    expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull();
    sessionStorage.setItem(UNSAVED_ANSWERS_KEY, JSON.stringify({ username: 'ada@example.edu', answers: { a: 'b' }, stashedAt: Date.now() - 86_400_001 }));
    expect(endedSessionCopyFor('ada@example.edu')).toBeNull();
  });

  it('keeps nothing without a username or an answer, and forgets on request', () => {
    keepEndedSessionCopy(null, { first_name: 'Ada' });
    keepEndedSessionCopy('ada@example.edu', {});
    expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull();
    keepEndedSessionCopy('ada@example.edu', { first_name: 'Ada' });
    forgetEndedSessionCopy();
    expect(endedSessionCopyFor('ada@example.edu')).toBeNull();
  });
});
