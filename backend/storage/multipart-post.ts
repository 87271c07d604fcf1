import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import busboy from 'busboy';
import { isAllowedText, textCharacterMessages } from '../../common/validation/text-characters';
import { HttpError } from '../http/errors';
import { verifyPost } from './post-policy';

export const uploadMessages = {
  notMultipart: 'Uploads must be sent as multipart/form-data: the fields of the upload URL, then the file.',
  malformed: 'The upload is not a valid multipart form.',
  bodyTooLarge: (limit: number) => `The upload is larger than the limit of ${limit} bytes.`,
  tooManyFields: 'The upload has too many form fields.',
  fieldTooLong: (field: string) => `The form field "${field}" is too long.`,
  duplicateField: (field: string) => `The form field "${field}" is sent more than once.`,
  fileFieldName: 'The file must be sent in the form field named "file", after the other fields.',
  fileWithoutName: 'The file part must have a file name or the type application/octet-stream.',
  noFile: 'The upload has no file. Send the file last, in the form field named "file".',
  tooManyFiles: 'Send one file per upload.',
  empty: 'Your file is empty. Please upload a non-empty file.',
  tooSmall: (min: number) => `The file is smaller than the limit of ${min} bytes.`,
  tooLarge: (max: number) => `The file is larger than the limit of ${max} bytes.`,
} as const;

/**
 * A refusal of a post whose signed policy held: `formKey` names the form it used, which the
 * caller may free at once (the applicant chooses another file and asks for a new form).
 */
export class RefusedPost extends HttpError {
  constructor(
    refusal: HttpError,
    readonly formKey: string,
  ) {
    super(refusal.status, refusal.message, refusal.errors, refusal.headers);
  }
}

export interface ReceivedFile {
  key: string;
  size: number;
  /** The bytes, written whole; the caller moves the file into place or removes it. */
  tempFile: string;
}

export interface ReceiveOptions {
  secret: string;
  now: number;
  /** The whole body is read up to this many bytes; beyond it reading stops (413). */
  bodyLimit: number;
  tempDir: string;
}

/**
 * Reads an S3-style presigned POST: the fields, checked against their signed policy when the
 * file part begins, then exactly one file of the policy's size range, streamed to a temporary
 * file. Fields after the file are ignored, as S3 does. Every refusal is an HttpError (4xx) and
 * leaves no file behind; a RefusedPost once the policy held. A refused form is still read to its
 * end (at most bodyLimit bytes) so the client receives the answer instead of a reset connection;
 * a body declared over bodyLimit is read only up to its file part, to learn which form it used.
 */
export async function receivePost(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedFile> {
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) throw new HttpError(400, uploadMessages.notMultipart);
  const declared = Number(req.headers['content-length'] ?? 0);
  const bodyTooLarge = () => new HttpError(413, uploadMessages.bodyTooLarge(options.bodyLimit));

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fieldNameSize: 100, fieldSize: 16_384, fields: 20, parts: 30, files: 1, fileSize: options.bodyLimit },
    });
  } catch {
    throw new HttpError(400, uploadMessages.malformed);
  }

  const fields = new Map<string, string>();
  let refusal = null as HttpError | null;
  const refuse = (error: unknown) => {
    refusal ??= error instanceof HttpError ? error : new HttpError(400, uploadMessages.malformed);
  };
  // Assigned in the parser's callbacks, so typed without narrowing to the initial null.
  let file = null as PendingFile | null;
  let fileParts = 0;
  /** The key of the form whose policy held, once the file part begins. */
  let formKey = null as string | null;
  /** Ends the reading at once with this refusal (set while the body is read). */
  let stopReading = (error: HttpError) => refuse(error);

  parser.on('field', (name, value, info) => {
    if (fileParts > 0) return;
    const field = name.toLowerCase();
    // busboy reads a part without a file name as a field, unless it is application/octet-stream.
    if (field === 'file') refuse(new HttpError(400, uploadMessages.fileWithoutName));
    else if (info.nameTruncated || info.valueTruncated) refuse(new HttpError(400, uploadMessages.fieldTooLong(field)));
    else if (fields.has(field)) refuse(new HttpError(400, uploadMessages.duplicateField(field)));
    // Text is text (issue 24): this form is read here, not by the JSON body's check (backend/http/text-only.ts).
    else if (!isAllowedText(field) || !isAllowedText(value)) refuse(new HttpError(400, textCharacterMessages.notAllowed(field), { [field]: [textCharacterMessages.notAllowed(field)] }));
    else fields.set(field, value);
  });
  parser.on('fieldsLimit', () => refuse(new HttpError(400, uploadMessages.tooManyFields)));
  parser.on('partsLimit', () => refuse(new HttpError(400, uploadMessages.tooManyFields)));
  parser.on('filesLimit', () => refuse(new HttpError(400, uploadMessages.tooManyFiles)));
  parser.on('file', (name, stream) => {
    fileParts += 1;
    if (name !== 'file') refuse(new HttpError(400, uploadMessages.fileFieldName));
    if (refusal === null) {
      try {
        const grant = verifyPost(options.secret, fields, options.now);
        formKey = grant.key;
        if (declared <= options.bodyLimit) {
          const tempFile = path.join(options.tempDir, randomUUID());
          const out = fs.createWriteStream(tempFile, { flags: 'wx', mode: 0o600 });
          const written = finished(out);
          written.catch(() => undefined); // awaited below, after the parse
          file = { ...grant, tempFile, size: 0, out, written };
          writeLimited(stream, file, () => refuse(new HttpError(400, uploadMessages.tooLarge(grant.maxBytes))));
          return;
        }
      } catch (error) {
        refuse(error);
      }
    }
    // A body declared over the limit is not read past its file part's start.
    if (declared > options.bodyLimit) stopReading(bodyTooLarge());
    stream.resume();
  });

  await new Promise<void>((resolve) => {
    let received = 0;
    const stop = (error: HttpError) => {
      refuse(error);
      req.unpipe(parser);
      req.pause();
      // The file part will not end now; its write is abandoned and removed below.
      file?.out.destroy();
      resolve();
    };
    stopReading = stop;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > options.bodyLimit) stop(bodyTooLarge());
    });
    req.on('error', () => stop(new HttpError(400, uploadMessages.malformed)));
    req.on('close', () => {
      if (!req.complete) stop(new HttpError(400, uploadMessages.malformed));
    });
    parser.on('error', () => stop(new HttpError(400, uploadMessages.malformed)));
    parser.on('close', resolve);
    req.pipe(parser);
  });

  if (file !== null) {
    try {
      await file.written;
    } catch (error) {
      // A write abandoned on a refusal; any other failure (a full disk) is the server's.
      if (refusal === null) {
        await fs.promises.rm(file.tempFile, { force: true });
        throw error;
      }
    }
  }
  const problem = refusal ?? checkSize(file, fileParts);
  if (problem || file === null) {
    if (file) await fs.promises.rm(file.tempFile, { force: true });
    const refusal = problem ?? new HttpError(400, uploadMessages.noFile);
    throw formKey === null ? refusal : new RefusedPost(refusal, formKey);
  }
  return { key: file.key, size: file.size, tempFile: file.tempFile };
}

interface PendingFile {
  key: string;
  minBytes: number;
  maxBytes: number;
  tempFile: string;
  size: number;
  out: fs.WriteStream;
  written: Promise<void>;
}

function checkSize(file: { size: number; minBytes: number } | null, fileParts: number): HttpError | null {
  if (fileParts === 0 || !file) return new HttpError(400, uploadMessages.noFile);
  if (file.size === 0) return new HttpError(400, uploadMessages.empty);
  if (file.size < file.minBytes) return new HttpError(400, uploadMessages.tooSmall(file.minBytes));
  return null;
}

/**
 * Streams the file part to its temporary file, counting bytes; past maxBytes it stops writing
 * (the partial file is removed by the caller) and drains the rest of the part.
 */
function writeLimited(source: NodeJS.ReadableStream, file: PendingFile, onTooLarge: () => void): void {
  let tooLarge = false;
  source.on('data', (chunk: Buffer) => {
    file.size += chunk.length;
    if (tooLarge || file.out.destroyed) return;
    if (file.size > file.maxBytes) {
      tooLarge = true;
      onTooLarge();
      file.out.end();
      return;
    }
    if (!file.out.write(chunk)) {
      source.pause();
      file.out.once('drain', () => source.resume());
    }
  });
  source.on('end', () => {
    if (!file.out.destroyed && !file.out.writableEnded) file.out.end();
  });
  // A write that fails or is abandoned while the part waits for 'drain' must not stall the parse.
  file.out.once('close', () => source.resume());
}
