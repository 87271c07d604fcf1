import type { PresignedUpload } from '../../../../../common/api';
import { UnexpectedResponseError } from '../../../lib/api-errors';

/**
 * The multipart POST to the presigned URL (spec platform section 7): the policy's fields, then the
 * file as `file`, in no-cors mode. The store is on another origin in production, so the answer is
 * opaque and only a network error tells of failure; a same-origin store's refusal is readable and
 * counts too. The one fetch outside the API client, because this call is not to our API.
 */
export async function uploadFile(upload: PresignedUpload, file: Blob, fileName: string): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file, fileName);
  let response: Response;
  try {
    response = await fetch(upload.url, { method: 'POST', mode: 'no-cors', body: form });
  } catch {
    throw new UnexpectedResponseError(0);
  }
  if (response.type !== 'opaque' && !response.ok) throw new UnexpectedResponseError(response.status);
}
