import { UPLOAD_MAX_BYTES } from '../../../../common/constants';
import { documentTypeOfName } from '../../../../common/uploads/document-type';
import { documentTypeOfMime, type DocumentType } from '../../../../common/uploads/upload-types';

const QUALITIES = [0.9, 0.8, 0.7, 0.6, 0.5] as const;
const SCALE_STEP = 0.75;
/** Below this the photo is no longer worth sending; the size message is the better answer. */
const MIN_LONG_SIDE_PX = 400;

const isPhoto = (type: DocumentType | null) => type === 'png' || type === 'jpeg';

export function isShrinkable(file: File): boolean {
  return isPhoto(documentTypeOfMime(file.type)) || isPhoto(documentTypeOfName(file.name));
}

/** The original name with a .jpg extension, never longer than the original. */
export function jpegNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot < 0 ? name : name.slice(0, dot)}.jpg`;
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#fff'; // a transparent png would turn black in a JPEG
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * Phone photos are often over 1 MB. Re-encodes the image as JPEG at falling quality, then at
 * smaller sizes, until it fits; null when the browser cannot decode it or it never fits.
 */
export async function shrinkPhoto(file: File, maxBytes = UPLOAD_MAX_BYTES): Promise<File | null> {
  if (typeof createImageBitmap === 'undefined') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    let width = bitmap.width;
    let height = bitmap.height;
    while (Math.max(width, height) >= MIN_LONG_SIDE_PX) {
      for (const quality of QUALITIES) {
        const blob = await encodeJpeg(bitmap, width, height, quality);
        if (!blob) return null;
        if (blob.size > 0 && blob.size <= maxBytes) return new File([blob], jpegNameOf(file.name), { type: 'image/jpeg' });
      }
      width = Math.round(width * SCALE_STEP);
      height = Math.round(height * SCALE_STEP);
    }
    return null;
  } finally {
    bitmap.close();
  }
}
