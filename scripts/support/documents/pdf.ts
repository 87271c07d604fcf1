// PDFs: made with @cantoo/pdf-lib, or assembled by hand for damaged and odd ones; and what a converted PDF holds.
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type EncryptionAlgorithm } from '@cantoo/pdf-lib';
import { seededRandom } from '../seeded-random';

export async function buildPdf(pageTexts: readonly string[] = ['A one-page PDF for the tests.']): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) {
    document.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 12, font });
  }
  return Buffer.from(await document.save());
}

/** A classic PDF file assembled object by object, with a correct cross-reference table. */
function assemblePdf(objects: readonly string[], trailerExtra: string): Buffer {
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A password-protected PDF that no password opens: the standard security handler's dictionary
 * (RC4 40-bit, revision 2) with made-up keys is written into the trailer by hand, which is what
 * readers and our check look at. The page has no content, so nothing else needs encrypting.
 */
export function buildEncryptedPdf(): Buffer {
  const hex = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${hex(0x5a)}> /U <${hex(0xa5)}> /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${'1f'.repeat(16)}> <${'1f'.repeat(16)}>] `,
  );
}

/**
 * A one-page PDF encrypted by another implementation of the standard security handler than ours
 * (@cantoo/pdf-lib's, which the product never decrypts with): RC4-40 is revision 2, RC4-128
 * revision 3, AES-128 revision 4, AES-256 revision 6, all saved with object streams. With the default empty user password it
 * opens without asking (permission-only encryption); with one, it needs the password.
 */
export async function buildEncryptedPdfOf(algorithm: EncryptionAlgorithm, text: string, userPassword = ''): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 24, font });
  document.setTitle(`Title of ${text}`);
  document.encrypt({ ownerPassword: 'owner password', userPassword, algorithm, allowWeakCryptography: true, permissions: { copying: false, modifying: false } });
  return Buffer.from(await document.save());
}

/**
 * A PDF whose pages are in the clear and only an attachment is encrypted (V4 with Identity for
 * strings and streams, a crypt filter for embedded files only), behind a user password we do not
 * know: readers open it and ask for the password only to open the attachment.
 */
export function buildPdfWithEncryptedAttachmentOnly(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  const attachment = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37) & 0xff)).toString('latin1');
  const hex = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(notes.txt) 6 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Type /Filespec /F (notes.txt) /EF << /F 7 0 R >> >>',
      `<< /Type /EmbeddedFile /Length ${attachment.length} >>\nstream\n${attachment}\nendstream`,
      `<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /EFOpen /Length 16 >> >> /StmF /Identity /StrF /Identity /EFF /StdCF /O <${hex(0x5a)}> /U <${hex(0xa5)}> /P -4 >>`,
    ],
    `/Encrypt 8 0 R /ID [<${'2e'.repeat(16)}> <${'2e'.repeat(16)}>] `,
  );
}

/** Starts like a PDF, but the rest is not one: no objects, no cross-reference table, no pages. */
export function buildDamagedPdf(): Buffer {
  const noise = seededRandom(3);
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.from(Array.from({ length: 2_000 }, () => Math.floor(noise() * 256)))]);
}

/** A stream of a hand-assembled PDF: content as it is, or bytes under a filter (which may not match them). */
export type PdfStreamSpec = string | { data: Buffer; filter: string };

function pdfStream(spec: PdfStreamSpec, dictionary = ''): string {
  const [data, filter] = typeof spec === 'string' ? [spec, ''] : [spec.data.toString('latin1'), ` /Filter /${spec.filter}`];
  return `<< ${dictionary}/Length ${data.length}${filter} >>\nstream\n${data}\nendstream`;
}

/**
 * A PDF assembled by hand whose pages draw the given content streams. Helvetica is /F1, and each
 * of `forms` is a form XObject, /Fm0, /Fm1…, that pages and forms (itself too) can draw with `Do`.
 */
export function buildPdfDrawing(pages: readonly PdfStreamSpec[], forms: readonly PdfStreamSpec[] = []): Buffer {
  const firstPage = 4 + forms.length;
  const pageNumbers = pages.map((_, index) => firstPage + 2 * index);
  const xobjects = forms.map((_, index) => `/Fm${index} ${4 + index} 0 R`).join(' ');
  const resources = `<< /Font << /F1 3 0 R >> /XObject << ${xobjects} >> >>`;
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${pageNumbers.map((number) => `${number} 0 R`).join(' ')}] /Count ${pages.length} >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...forms.map((form) => pdfStream(form, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources ${resources} `)),
      ...pages.flatMap((content, index) => [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${pageNumbers[index]! + 1} 0 R >>`,
        pdfStream(content),
      ]),
    ],
    '',
  );
}

/** Content that shows `text` in Helvetica near the top of a Letter page. */
export const showText = (text: string) => `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;

/**
 * One page showing `text` in a PDF whose structure is broken in a way pdf.js and Chromium repair
 * as they open it, and poppler (or any reader that trusts the structure) may not. pdf-lib parses
 * them all: it reads the objects in file order.
 */
export const brokenPdfs = {
  /** Each cross-reference entry points at the object after its own. */
  offsetsAstray(text: string): Buffer {
    const pdf = buildPdfDrawing([showText(text)]).toString('latin1');
    const entries = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((entry) => entry[1]!);
    let next = 1;
    return Buffer.from(pdf.replace(/^\d{10} 00000 n $/gm, () => `${entries[next++ % entries.length]} 00000 n `), 'latin1');
  },
  /** `startxref` points into the middle of an object. */
  startxrefAstray(text: string): Buffer {
    return Buffer.from(buildPdfDrawing([showText(text)]).toString('latin1').replace(/startxref\n\d+/, 'startxref\n20'), 'latin1');
  },
  /** Objects and an end, with no cross-reference table, trailer or `startxref` at all. */
  noCrossReference(text: string): Buffer {
    const pdf = buildPdfDrawing([showText(text)]).toString('latin1');
    return Buffer.from(`${pdf.slice(0, pdf.indexOf('xref\n'))}%%EOF\n`, 'latin1');
  },
  /** The page tree claims ten billion pages (poppler gives up on a count past its integers). */
  pageCountWrong(text: string): Buffer {
    return Buffer.from(buildPdfDrawing([showText(text)]).toString('latin1').replace('/Count 1', '/Count 9999999999'), 'latin1');
  },
  /** The catalog's /Pages is the page itself, not a page tree (a real producer's, pdf.js issue 21436). */
  pagesIsAPage(text: string): Buffer {
    return Buffer.from(buildPdfDrawing([showText(text)]).toString('latin1').replace('/Type /Catalog /Pages 2 0 R', '/Type /Catalog /Pages 4 0 R'), 'latin1');
  },
};


// Reading the PDFs the conversion writes

/** How many image XObjects the pages of a PDF use. */
export async function imageCount(pdf: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(pdf);
  let count = 0;
  for (const page of document.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const object = document.context.lookup(ref);
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) count += 1;
    }
  }
  return count;
}
