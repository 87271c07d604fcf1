import { expect } from 'vitest';
import type { PresignedUpload } from '../../../common/api';
import type { ApiClient } from './http-client';
import type { TestServer } from './test-server';

/**
 * What the renderer does to upload a file: a presigned form for the question, then the form's
 * fields and the file, multipart, to the store's URL. Returns the object key (the file_key).
 */
export async function uploadFile(server: TestServer, client: ApiClient, answerKey: string, bytes: Buffer): Promise<string> {
  const presigned = await client.post<PresignedUpload>('/api/presigned-url', { answer_key: answerKey });
  expect(presigned.status).toBe(200);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
  const response = await fetch(presigned.body.url, { method: 'POST', body: form, headers: { origin: server.origin } });
  expect(response.status, await response.text()).toBe(204);
  return presigned.body.fields.key!;
}
