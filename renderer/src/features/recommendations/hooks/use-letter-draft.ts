import { useCallback, useState } from 'react';

/** One draft per link: the letter typed from another invitation is another letter. */
export const letterDraftKey = (token: string) => `gradapp.letter-draft.${token}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(token: string): string {
  try {
    return storage()?.getItem(letterDraftKey(token)) ?? '';
  } catch {
    return '';
  }
}

function write(token: string, text: string): void {
  try {
    if (text === '') storage()?.removeItem(letterDraftKey(token));
    else storage()?.setItem(letterDraftKey(token), text);
  } catch {
    // Storage full or refused (a private window): the letter is still on the page.
  }
}

/** Forgets the link's draft: the letter was received, typed or as a file. */
export const forgetLetterDraft = (token: string) => write(token, '');

/**
 * The typed letter, kept in this browser's localStorage under the link's token as it is typed
 * (issue 33, item 6), so a reload or a closed tab does not lose it, until a letter is received.
 * The recommender has no account, so the draft cannot live on the server.
 */
export function useLetterDraft(token: string) {
  const [text, setText] = useState(() => read(token));
  const change = useCallback(
    (next: string) => {
      setText(next);
      write(token, next);
    },
    [token],
  );
  return { text, change };
}
