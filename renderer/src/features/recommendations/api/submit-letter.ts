import { useMutation } from '@tanstack/react-query';
import { fillPath } from '../../../../../common/api';
import { recommendationPaths, type LetterInput, type LetterReceipt } from '../../../../../common/recommendation-api';
import { apiClient } from '../../../lib/api-client';

/** POST /public/recommendation/:token/opened (204): the server keeps the first opening only. */
export function markOpened(token: string): Promise<void> {
  return apiClient.post<void>(fillPath(recommendationPaths.recommenderOpened, { token }));
}

/** POST /public/recommendation/:token/letter: the receipt is the confirmation. */
export function submitLetter({ token, letter }: { token: string; letter: LetterInput }): Promise<LetterReceipt> {
  return apiClient.post<LetterReceipt>(fillPath(recommendationPaths.recommenderLetter, { token }), letter);
}

export const useMarkOpened = () => useMutation({ mutationFn: markOpened });
export const useSubmitLetter = () => useMutation({ mutationFn: submitLetter });
