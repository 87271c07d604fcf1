import type { createStore } from 'jotai';
import type { Answers } from '../../../common/api';
import { receiveProfileAtom } from '../../../renderer/src/features/answers/profile-answers';

/** Puts `answers` in the store as the server's acknowledged ones, as a loaded profile does. */
export function acknowledge(store: ReturnType<typeof createStore>, answers: Answers): void {
  store.set(receiveProfileAtom, { answer: answers, document_answer: {}, username: 'ada@example.edu', last_page: null, successful_login: [], web_status: [] });
}
