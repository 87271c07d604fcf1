import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { ProfileResponse, WebStatus } from '../../../../common/api';
import { studentAnswersAtom, addTypedAnswersAtom } from '../../../../renderer/src/features/answers/typed-answers';
import { acknowledgedAnswersAtom } from '../../../../renderer/src/features/answers/answer-store';
import { forgetApplicantAtom, receiveProfileAtom } from '../../../../renderer/src/features/answers/profile-answers';
import { cookieHeaderAtom, isLoggedInAtom } from '../../../../renderer/src/state/session';
import {
  clientSnapshotAtom,
  hasChangedPageAtom,
  numLoginsAtom,
  profileAtom,
  webStatusAtom,
} from '../../../../renderer/src/state/snapshot';

function profile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    answer: {},
    document_answer: {},
    username: 'Ada@Example.edu',
    last_page: '/education',
    successful_login: ['2026-11-01T10:00:00Z'],
    web_status: [],
    ...overrides,
  };
}

const entries = (...statuses: WebStatus[]) => statuses.map((web_status) => ({ web_status, created_at: '2026-11-01T10:00:00Z' }));

describe('client snapshot', () => {
  it('starts with the defaults of spec platform section 3', () => {
    const store = createStore();
    store.set(cookieHeaderAtom, '');
    expect(store.get(clientSnapshotAtom)).toEqual({
      web_status: null,
      last_page: null,
      is_logged_in: false,
      username: null,
      is_service_user: false,
      num_logins: 1,
      has_changed_page: false,
    });
  });

  it('counts num_logins from successful_login', () => {
    const store = createStore();
    store.set(receiveProfileAtom, profile({ successful_login: ['a', 'b', 'c'] }));
    expect(store.get(numLoginsAtom)).toBe(3);
  });

  it.each([
    [[], null],
    [entries('started'), 'started'],
    [entries('started', 'started'), 'started'],
    [entries('started', 'validating'), 'validating'],
    [entries('started', 'validating', 'submitted'), 'submitted'],
  ] as const)('derives web_status %j as %s', (statusEntries, expected) => {
    const store = createStore();
    store.set(receiveProfileAtom, profile({ web_status: [...statusEntries] }));
    expect(store.get(webStatusAtom)).toBe(expected);
  });

  it('keeps the later of the local and the stored status', () => {
    const store = createStore();
    store.set(receiveProfileAtom, profile({ web_status: entries('started') }));
    store.set(webStatusAtom, 'validating');
    expect(store.get(webStatusAtom)).toBe('validating');
    store.set(receiveProfileAtom, profile({ web_status: entries('started', 'validating', 'submitted') }));
    expect(store.get(webStatusAtom)).toBe('submitted');
  });

  it.each([
    ['gradapp-idp.presence=1', true],
    ['theme=dark; gradapp-idp.presence=1', true],
    ['theme=dark', false],
    ['', false],
    ['other-gradapp-idp=1', false],
  ])('derives is_logged_in from the cookies %j', (cookies, expected) => {
    const store = createStore();
    store.set(cookieHeaderAtom, cookies);
    expect(store.get(isLoggedInAtom)).toBe(expected);
  });

  it('keeps no answers in the profile: they are the acknowledged answers of the answer store', () => {
    const store = createStore();
    store.set(receiveProfileAtom, profile({ answer: { first_name: 'Ada' } }));
    expect(store.get(acknowledgedAnswersAtom)).toEqual({ first_name: 'Ada' });
    expect(store.get(profileAtom)).not.toHaveProperty('answer');
  });

  it('fills answers from the profile without overwriting what was typed', () => {
    const store = createStore();
    store.set(addTypedAnswersAtom, { first_name: 'Ada' });
    store.set(receiveProfileAtom, profile({ answer: { first_name: 'Stored', last_name: 'Lovelace' } }));
    expect(store.get(studentAnswersAtom)).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('forgets the applicant on reset', () => {
    const store = createStore();
    store.set(receiveProfileAtom, profile({ answer: { first_name: 'Ada' }, web_status: entries('started') }));
    store.set(webStatusAtom, 'validating');
    store.set(hasChangedPageAtom, true);
    store.set(forgetApplicantAtom);
    expect(store.get(clientSnapshotAtom)).toMatchObject({ web_status: null, last_page: null, username: null, num_logins: 1, has_changed_page: false });
    expect(store.get(studentAnswersAtom)).toEqual({});
    expect(store.get(acknowledgedAnswersAtom)).toEqual({});
  });
});
