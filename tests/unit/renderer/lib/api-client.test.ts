import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, setUnauthorizedHandler } from '../../../../renderer/src/lib/api-client';
import {
  SESSION_INVALID_MESSAGE,
  ServerError,
  UNEXPECTED_ERROR_MESSAGE,
  UnauthorizedError,
  UnexpectedResponseError,
} from '../../../../renderer/src/lib/api-errors';
import { queryClient } from '../../../../renderer/src/lib/query-client';

function respond(body: string, status: number, contentType = 'application/json') {
  const fetchStub = vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchStub = respond(JSON.stringify({ message: 'ok' }), 200);
    await expect(apiClient.post('/public/login', { username: 'a@b.edu' })).resolves.toEqual({ message: 'ok' });
    expect(fetchStub).toHaveBeenCalledWith('/public/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username: 'a@b.edu' }),
    });
  });

  it('resolves a 204 No Content (a revoke, a mark) without reading a body', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiClient.delete('/api/recommendations/r1')).resolves.toBeUndefined();
  });

  it.each([
    ['a body that is not JSON', '<html>Bad gateway</html>', 502, 'text/html'],
    ['a JSON content type with a broken body', '{"message":', 500, 'application/json'],
    ['an error without a message', JSON.stringify({ error: 'nope' }), 400, 'application/json'],
    ['a successful answer that is not JSON', 'OK', 200, 'text/plain'],
  ])('maps %s to the unexpected-error message', async (_case, body, status, contentType) => {
    respond(body, status, contentType);
    const failure = apiClient.get('/api/profile');
    await expect(failure).rejects.toBeInstanceOf(UnexpectedResponseError);
    await expect(failure).rejects.toThrow(UNEXPECTED_ERROR_MESSAGE);
  });

  it('maps a network failure to the unexpected-error message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiClient.get('/api/profile')).rejects.toThrow(UNEXPECTED_ERROR_MESSAGE);
  });

  it('on 401 clears the query cache, calls the registered handler and throws UnauthorizedError', async () => {
    queryClient.setQueryData(['gradapp', 'profile'], { username: 'someone@example.edu' });
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    respond(JSON.stringify({ message: 'Not logged in.' }), 401);

    const failure = apiClient.get('/api/profile');
    await expect(failure).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(failure).rejects.toThrow(SESSION_INVALID_MESSAGE);
    expect(handler).toHaveBeenCalled();
    expect(queryClient.getQueryData(['gradapp', 'profile'])).toBeUndefined();
    unregister();
  });

  it('treats 401 from a public call as that call\'s own error, not an expired session', async () => {
    const handler = vi.fn();
    const unregister = setUnauthorizedHandler(handler);
    respond(JSON.stringify({ message: 'Incorrect username or password.' }), 401);
    await expect(apiClient.post('/public/login', {})).rejects.toThrow('Incorrect username or password.');
    expect(handler).not.toHaveBeenCalled();
    unregister();
  });

  it('maps another non-OK status with a message to ServerError carrying it and the errors map', async () => {
    respond(JSON.stringify({ message: 'Some answers are not valid.', errors: { first_name: ['Required'] } }), 400);
    const error = await apiClient.put('/api/answer', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({
      message: 'Some answers are not valid.',
      status: 400,
      errors: { first_name: ['Required'] },
    });
  });
});
