import type { Context, Middleware } from 'koa';
import { HttpError } from './errors';
import { checkBodyText } from './text-only';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body of a state-changing call; undefined for calls without one. */
    jsonBody?: unknown;
  }
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Reads a JSON body with a size limit. State-changing calls must say application/json: a form
 * or text/plain post from another site (which needs no CORS preflight) is refused here, and so is
 * a body holding a string that is not text (a control character, an unpaired surrogate: text-only.ts).
 */
export function jsonBody(limitBytes: number): Middleware {
  return async (ctx, next) => {
    if (METHODS_WITH_BODY.has(ctx.method)) {
      if (!ctx.is('application/json')) {
        throw new HttpError(415, 'Requests must be sent as JSON with the header Content-Type: application/json.');
      }
      const body = parse(await readBody(ctx, limitBytes));
      // Text is text (issue 24): every string of the body, before any route reads it.
      checkBodyText(body);
      ctx.request.jsonBody = body;
    }
    await next();
  };
}

/** The body as text, refused with 413 past `limitBytes` (declared or received). */
export async function readBody(ctx: Context, limitBytes: number): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limitBytes) throw tooLarge(limitBytes);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of ctx.req) {
    received += (chunk as Buffer).length;
    if (received > limitBytes) {
      // Stop reading; the connection is closed after the answer so the rest is never buffered.
      ctx.req.unpipe?.();
      ctx.set('Connection', 'close');
      throw tooLarge(limitBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parse(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

function tooLarge(limitBytes: number): HttpError {
  return new HttpError(413, `The request body is larger than the limit of ${limitBytes} bytes.`);
}
