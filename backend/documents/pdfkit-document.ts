import PDFDocument from 'pdfkit';

/** US Letter in points: the page of every PDF we make. */
export const LETTER = { width: 612, height: 792 } as const;

export interface PdfkitDocumentOptions {
  compress: boolean;
  margin: number;
}

/**
 * A pdfkit document whose bytes are collected as it writes, so `finish` can end it and hand back
 * the whole file. The first page is added by the caller's layout, never implicitly.
 */
export function createPdfkitDocument(options: PdfkitDocumentOptions): { doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: options.margin,
    compress: options.compress,
    autoFirstPage: false,
    info: { Producer: 'gradapp document conversion', Creator: 'gradapp' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}
