// The documents feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { deleteConversion } from './api/delete-conversion';
export { getConversionStatusQueryOptions, isConversionPending } from './api/get-conversion-status';
export { getDocumentAnswersQueryOptions, useDocumentAnswers } from './api/get-document-answers';
export { UPLOAD_ACCEPT } from './check-file';
export { type AnswerUploadPhase, useUpload } from './hooks/use-upload';
export { useDocumentUpload } from './hooks/use-document-upload';
export { formatFileSize } from './file-size';
