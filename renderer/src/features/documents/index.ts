// The documents feature's public entry (issue 27 item 4): what other features and app/ use from it.
// Lazy pages and widgets are imported from their own modules (each import() is a code-split point).
export { deleteConversion } from './api/delete-conversion';
export { conversionQueryOptions, getConversionStatusQueryOptions, isConversionPending } from './api/get-conversion-status';
export { getDocumentAnswersQueryOptions, useDocumentAnswers } from './api/get-document-answers';
export { UPLOAD_ACCEPT } from './check-file';
export { type UploadPhase, useUpload } from './hooks/use-upload';
export { DEFAULT_UPLOAD_FAILURE } from './upload-failure';
export { checkFiles } from './check-file';
export { formatFileSize } from './file-size';
export { presign } from './api/presign';
export { uploadFile } from './api/upload-file';
