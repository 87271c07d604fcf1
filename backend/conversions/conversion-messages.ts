import type { ConversionStatus } from '../../common/api';
import { uploadMessages } from '../../common/uploads/upload-messages';

/** The messages of the conversion calls (spec platform sections 4 and 7). */
export const conversionJobMessages = {
  notAnUploadKey: 'This question of the application does not take a document.',
  badFileName: 'file_name must be the name of the uploaded file.',
  nameTooLong: uploadMessages.nameTooLong,
  unknownFile: 'file_key must name a file you uploaded for this question. Please upload your file again.',
  submitted: uploadMessages.submitted,
  deleted: 'Your file has been deleted.',
  /** FAILED for a reason that is not the document's (the spec's default failure message). */
  failed: 'We could not convert your file. Please try again or upload a PDF.',
  uploadMissing: 'Your file could not be found. Please upload it again.',
  status: {
    UNPROCESSED: 'Your file is waiting to be converted.',
    IN_PROGRESS: 'Your file is being converted.',
    COMPLETED: 'Your file has been converted.',
    NOT_ANSWERED: 'No file has been uploaded for this question.',
  } satisfies Record<Exclude<ConversionStatus, 'FAILED'>, string>,
} as const;
