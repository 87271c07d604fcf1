import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api-errors';

/** A server's refusal shown in the card (issue 33, item 5), named as the spec names its toast. */
export interface CardError {
  label: string;
  message: string;
}

/** The card's one error: shown when a call fails, gone when the next call starts. */
export function useCardError() {
  const [error, setError] = useState<CardError | null>(null);
  return {
    error,
    clear: () => setError(null),
    show: (label: string) => (failure: unknown) => setError({ label, message: errorMessageOf(failure) }),
  };
}
