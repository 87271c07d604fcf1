import { expect } from 'vitest';
import { fillPath, type ConversionStatusResponse, type PresignedUpload } from '../../../common/api';
import { recommendationPaths } from '../../../common/recommendation-api';
import type { Db } from '../../../backend/store/db';
import type { ApiClient } from '../../../scripts/support/http-client';

export const letterUploadPath = (token: string) => fillPath(recommendationPaths.recommenderLetterUpload, { token });
export const letterFilePath = (token: string) => fillPath(recommendationPaths.recommenderLetterFile, { token });

/** What the recommender's page does with a chosen file: a form for the letter, then the file posted to it. The answer of the post, and the file's key. */
export async function uploadLetter(server: { origin: string }, browser: ApiClient, token: string, bytes: Buffer): Promise<{ status: number; fileKey: string }> {
  const presigned = await browser.post<PresignedUpload>(letterUploadPath(token), {});
  expect(presigned.status).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
  const response = await fetch(presigned.body.url, { method: 'POST', body: form, headers: { origin: server.origin } });
  await response.arrayBuffer();
  return { status: response.status, fileKey: presigned.body.fields.key! };
}

const FINISHED: readonly string[] = ['COMPLETED', 'FAILED'];

/** Polls the letter's conversion as the page does until it ends. */
export async function letterFileFinished(browser: ApiClient, token: string, timeoutMs = 30_000): Promise<ConversionStatusResponse> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const { status, body } = await browser.get<ConversionStatusResponse>(letterFilePath(token));
    expect(status).toBe(200);
    if (FINISHED.includes(body.status) || Date.now() > deadline) return body;
  }
}

/** Uploads the file as the letter and starts its conversion (202), then waits for it to end. */
export async function sendLetterFile(server: { origin: string }, browser: ApiClient, token: string, bytes: Buffer, fileName: string, timeoutMs?: number): Promise<ConversionStatusResponse> {
  const { status, fileKey } = await uploadLetter(server, browser, token, bytes);
  expect(status).toBe(204);
  const started = await browser.post<ConversionStatusResponse>(letterFilePath(token), { file_key: fileKey, file_name: fileName });
  expect(started.status).toBe(202);
  return letterFileFinished(browser, token, timeoutMs);
}

/** The checklist summary row the inbox reads (migration 017), once the refresh has written it; null until then. */
export async function checklistSummaryRow(server: { database: { openDb(options?: { poolSize?: number }): Db } }, accountId: string, timeoutMs = 5_000): Promise<{ letters_missing: number; documents_missing: number } | null> {
  const db = server.database.openDb({ poolSize: 1 });
  try {
    for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const row = await db.kysely.selectFrom('checklist_summaries').select(['letters_missing', 'documents_missing']).where('account_id', '=', accountId).executeTakeFirst();
      if (row) return { letters_missing: Number(row.letters_missing), documents_missing: Number(row.documents_missing) };
      if (Date.now() > deadline) return null;
    }
  } finally {
    await db.close();
  }
}
