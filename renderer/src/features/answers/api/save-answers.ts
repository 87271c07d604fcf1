import { ANSWER_BASE_HEADER, type AnswerBase } from '../../../../../common/answer-base';
import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

type Call = ApiCalls['answer'];

/** PUT /api/answer; with a base, keys saved elsewhere since are kept and come back in `newer`. */
export function saveAnswers(patch: Call['request'], base?: AnswerBase): Promise<Call['response']> {
  return apiClient.put<Call['response']>(apiPaths.answer, patch, base ? { [ANSWER_BASE_HEADER]: JSON.stringify(base) } : undefined);
}
