import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { openSqliteDatabase } from '../../../backend/store/sqlite-database';
import { TEST_DATABASE_URL } from '../../../scripts/support/databases';
import type { ApiClient } from '../../../scripts/support/http-client';
import type { TestServer } from './test-server';

/** One request as the fuzzer describes it: everything is sent exactly as given. */
export interface FuzzRequest {
  method: string;
  /** Path and query string, sent as written (odd encodings included). */
  target: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Sends the session cookie of the fuzzed applicant. */
  session?: boolean;
}

export interface FuzzAnswer {
  status: number;
  contentType: string;
  text: string;
}

export const REQUEST_TIMEOUT_MS = 10_000;

/** A short description of a request for failure messages (bodies can be 60 kB). */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('latin1');
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body;
  const target = request.target.length > 200 ? `${request.target.slice(0, 200)}… (${request.target.length} chars)` : request.target;
  return `${request.method} ${target} ${JSON.stringify(request.headers ?? {})} ${JSON.stringify(shown)}`;
}

/** Sends a request with fetch and a per-request timeout: a hang fails the property. */
export async function send(server: TestServer, applicant: ApiClient, request: FuzzRequest): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (request.session) headers.cookie = applicant.cookieHeader();
  let response: Response;
  try {
    response = await fetch(server.baseUrl + request.target, {
      method: request.method,
      headers,
      body: request.body as BodyInit | undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (error) {
    throw new Error(`no answer (${(error as Error).message}) to ${describeRequest(request)}`);
  }
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
}

/** Why an answer is not a 4xx with a JSON `message`, or null when it is. */
export function refusalProblem(answer: FuzzAnswer): string | null {
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status}`;
  if (!answer.contentType.startsWith('application/json')) return `content type ${answer.contentType}`;
  try {
    const body = JSON.parse(answer.text) as { message?: unknown };
    if (typeof body?.message !== 'string' || body.message === '') return 'no message';
  } catch {
    return 'body is not JSON';
  }
  return null;
}

/**
 * Writes raw bytes to the server and reads what comes back until the server closes the socket or
 * the timeout passes: for requests fetch will not send (content lengths that lie).
 */
export function sendRaw(
  server: TestServer,
  bytes: Buffer,
  options: { halfClose?: boolean; timeoutMs?: number } = {},
): Promise<{ text: string; timedOut: boolean }> {
  const { port, hostname } = new URL(server.baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    socket.on('connect', () => {
      socket.write(bytes);
      if (options.halfClose) socket.end();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('latin1'), timedOut });
    });
  });
}

/** The first HTTP answer in a raw byte stream: its status and JSON body. */
export function firstRawAnswer(text: string): FuzzAnswer | null {
  const match = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/.exec(text);
  if (!match) return null;
  const headers = match[2]!;
  const contentType = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? '';
  const length = Number(/^content-length:\s*(\d+)$/im.exec(headers)?.[1] ?? 0);
  const start = match.index + match[0].length;
  return { status: Number(match[1]), contentType, text: Buffer.from(text.slice(start), 'latin1').subarray(0, length).toString('utf8') };
}

/**
 * How many accounts the server's database holds. The store has no count, so this reads the
 * database directly: the SQLite file, or the PostgreSQL schema that holds the marker account.
 */
export async function accountCount(server: TestServer, markerUsername: string): Promise<number> {
  if (server.store.dialect === 'sqlite') {
    const database = openSqliteDatabase(path.join(server.config.dataDir, 'gradapp.sqlite'), { readonly: true });
    try {
      return (database.prepare('SELECT count(*) AS n FROM accounts').all([])[0] as { n: number }).n;
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const schemas = await client.query<{ table_schema: string }>(
      "SELECT table_schema FROM information_schema.tables WHERE table_name = 'accounts' AND table_schema LIKE 't\\_%'",
    );
    for (const { table_schema: schema } of schemas.rows) {
      const marker = await client.query(`SELECT 1 FROM "${schema}".accounts WHERE username = $1`, [markerUsername]);
      if (marker.rowCount) {
        const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".accounts`);
        return Number(count.rows[0]!.n);
      }
    }
    throw new Error(`no schema holds the account ${markerUsername}`);
  } finally {
    await client.end();
  }
}
