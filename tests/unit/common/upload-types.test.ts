// The upload types written once (issue 17, item 7): the extensions, the browser's MIME types, the
// file picker's accept list and the file-type message all come from common/uploads/upload-types.ts.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MIME_TYPES, UPLOAD_ACCEPT, UPLOAD_EXTENSIONS, documentTypeOfMime } from '../../../common/uploads/upload-types';
import { uploadMessages } from '../../../common/uploads/upload-messages';
import { isShrinkable } from '../../../renderer/src/features/documents/shrink-photo';

describe('upload types', () => {
  it('names the accepted extensions once, in the spec’s message and the picker’s accept list', () => {
    expect(UPLOAD_EXTENSIONS).toEqual(['.png', '.jpeg', '.jpg', '.pdf', '.docx']);
    expect(uploadMessages.wrongType).toBe('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx');
    expect(UPLOAD_ACCEPT).toBe('.png,.jpeg,.jpg,.pdf,.docx');
  });

  it('knows each type by the MIME type a browser reports', () => {
    expect(documentTypeOfMime('image/png')).toBe('png');
    expect(documentTypeOfMime('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
    expect(documentTypeOfMime('text/html')).toBeNull();
    expect(Object.keys(DOCUMENT_MIME_TYPES).sort()).toEqual(['docx', 'jpeg', 'pdf', 'png']);
  });

  it('shrinks a photo known by its MIME type or its name, and nothing else', () => {
    expect(isShrinkable(new File(['x'], 'scan', { type: 'image/jpeg' }))).toBe(true);
    expect(isShrinkable(new File(['x'], 'photo.JPG'))).toBe(true);
    expect(isShrinkable(new File(['x'], 'essay.pdf', { type: 'application/pdf' }))).toBe(false);
  });
});
