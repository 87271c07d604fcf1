// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetVisitorAnswers, keepVisitorAnswers, VISITOR_ANSWERS_KEY, visitorAnswersInTab } from '../../../../renderer/src/lib/visitor-answers-in-tab';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe("a visitor's answers kept in the tab", () => {
  it('keeps the answered values in sessionStorage only, and gives them back', () => {
    keepVisitorAnswers({ first_name: 'Grace', middle_name: '', last_name: null, sms_opt_in: false, veteran: true });
    expect(visitorAnswersInTab()).toEqual({ first_name: 'Grace', veteran: true });
    expect(localStorage.length).toBe(0);
    expect(JSON.parse(sessionStorage.getItem(VISITOR_ANSWERS_KEY)!)).toEqual({ first_name: 'Grace', veteran: true });
  });

  it('removes the copy when no answer is left, and when forgotten', () => {
    keepVisitorAnswers({ first_name: 'Grace' });
    keepVisitorAnswers({ first_name: '  ' });
    expect(sessionStorage.getItem(VISITOR_ANSWERS_KEY)).toBeNull();
    keepVisitorAnswers({ first_name: 'Grace' });
    forgetVisitorAnswers();
    expect(visitorAnswersInTab()).toBeNull();
  });

  it('reads a damaged or foreign copy as nothing, and keeps only text and true/false values', () => {
    for (const raw of ['{', '[1,2]', 'null', '"Grace"', '{"first_name":{"x":1}}']) {
      sessionStorage.setItem(VISITOR_ANSWERS_KEY, raw);
      expect(visitorAnswersInTab()).toBeNull();
    }
    sessionStorage.setItem(VISITOR_ANSWERS_KEY, JSON.stringify({ first_name: 'Grace', age: 7, list: ['a'], veteran: true }));
    expect(visitorAnswersInTab()).toEqual({ first_name: 'Grace', veteran: true });
  });
});
