import { apiPaths, type ApiCalls } from '../../../../../common/api';
import { apiClient } from '../../../lib/api-client';

type Call = ApiCalls['keepAlive'];

/** Refreshes the server session's idle time; a 401 ends the session as any other call's does. */
export function keepAlive(): Promise<Call['response']> {
  return apiClient.post<Call['response']>(apiPaths.keepAlive);
}
