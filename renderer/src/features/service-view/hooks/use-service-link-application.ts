import { useAtomValue } from 'jotai';
import type { ServiceApplicationResponse } from '../../../../../common/token-api';
import { errorMessageOf } from '../../../lib/api-errors';
import { serviceTokenAtom } from '../../../state/session';
import { useServiceApplication } from '../api/get-service-application';

export const MISSING_SERVICE_TOKEN_MESSAGE = 'This link is incomplete: its service_token is missing. Copy the whole link and try again.';

export type ServiceViewState =
  | { status: 'loading' }
  | { status: 'ready'; application: ServiceApplicationResponse }
  | { status: 'error'; message: string };

/** The application a service link opens, or why it cannot be shown. */
export function useServiceLinkApplication(): ServiceViewState {
  const serviceToken = useAtomValue(serviceTokenAtom);
  const { data, error } = useServiceApplication();
  if (!serviceToken) return { status: 'error', message: MISSING_SERVICE_TOKEN_MESSAGE };
  if (error) return { status: 'error', message: errorMessageOf(error) };
  return data ? { status: 'ready', application: data } : { status: 'loading' };
}
