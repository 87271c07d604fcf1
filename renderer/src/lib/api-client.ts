import { SESSION_PATH_PREFIX } from '../../../common/api';
import { queryClient } from './query-client';
import { ServerError, UnauthorizedError, UnexpectedResponseError } from './api-errors';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The router registers how to leave for /login; the client stays free of routing so it can be
 * used, and tested, without a router. Returns the unregister function.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

// Only session-protected calls mean "your session is gone" on 401; a public call such as login
// answers 401 for wrong credentials, which the card shows as its own error.
function needsSession(path: string): boolean {
  return path.startsWith(SESSION_PATH_PREFIX);
}

async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new UnexpectedResponseError(0);
  }
  if (response.status === 401 && needsSession(path)) {
    queryClient.clear();
    unauthorizedHandler?.();
    throw new UnauthorizedError();
  }
  // No Content (a DELETE, a mark): nothing to read, and nothing went wrong.
  if (response.status === 204) return undefined as T;
  const payload = await readJson(response);
  if (response.ok) {
    if (payload === undefined) throw new UnexpectedResponseError(response.status);
    return payload as T;
  }
  const message = messageOf(payload);
  if (!message) throw new UnexpectedResponseError(response.status);
  throw new ServerError(message, response.status, errorsOf(payload));
}

async function readJson(response: Response): Promise<unknown> {
  if (!response.headers.get('Content-Type')?.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(payload: unknown): string | undefined {
  const message = (payload as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

function errorsOf(payload: unknown): Record<string, string[]> | undefined {
  const errors = (payload as { errors?: unknown }).errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : undefined;
}

/** The one HTTP client of the renderer (spec platform sections 7 and 8). */
export const apiClient = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body: unknown, headers?: Record<string, string>) => request<T>('PUT', path, body, headers),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
