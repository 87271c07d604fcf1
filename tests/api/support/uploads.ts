import type { PresignedUpload } from '../../../common/api';
import type { ApiClient } from './http-client';

/**
 * What the renderer does to upload a file: a presigned form for the question, then the form's
 * fields and the file, multipart, to the store's URL. Returns the object key (the file_key). Throws
 * on any other answer than success (API tests and the load benchmark both use it).
 */
export async function uploadFile(server: { origin: string }, client: ApiClient, answerKey: string, bytes: Buffer): Promise<string> {
  const presigned = await client.post<PresignedUpload>('/api/presigned-url', { answer_key: answerKey });
  if (presigned.status !== 200) throw new Error(`the presigned upload form for ${answerKey} answered ${presigned.status}: ${JSON.stringify(presigned.body)}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload');
  const response = await fetch(presigned.body.url, { method: 'POST', body: form, headers: { origin: server.origin } });
  if (response.status !== 204) throw new Error(`the upload of ${answerKey} answered ${response.status}: ${await response.text()}`);
  return presigned.body.fields.key!;
}
