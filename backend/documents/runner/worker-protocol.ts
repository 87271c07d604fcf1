import type { ConversionOptions } from '../conversion-options';

/** From the runner to a worker: one conversion; `bytes` is transferred, not copied. */
export interface ConversionJobMessage {
  id: number;
  bytes: ArrayBuffer;
  options: ConversionOptions;
}

/** From a worker to the runner. */
export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'converted'; id: number; pdf: ArrayBuffer }
  /** `message` is the applicant's when the failure was a ConversionError; `detail` is for the log. */
  | { kind: 'failed'; id: number; message: string | null; detail: string };

/**
 * The whole backing store of `bytes` when the view covers all of it, else a copy: transferring a
 * view's store would hand over whatever else shares it (Node's pool of small Buffers).
 */
export function transferableBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
}
