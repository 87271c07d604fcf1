import type { GenerateOptions } from '../generate';
import type { ApplicationContent } from '../print-items';

/** From the runner to the worker: one PDF to render; the documents' buffers are transferred. */
export interface RenderMessage {
  id: number;
  content: ApplicationContent;
  documents: ArrayBuffer[];
  options: GenerateOptions;
}

export type RenderReply = { kind: 'rendered'; id: number; pdf: ArrayBuffer } | { kind: 'failed'; id: number; detail: string };
