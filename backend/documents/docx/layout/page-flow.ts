import { ConversionError, conversionMessages } from '../../conversion-error';
import { LETTER } from '../../pdfkit-document';

/**
 * The vertical cursor over the pages of a document. Every page is added here, never by pdfkit on
 * its own, so the page limit is checked in one place and fails the conversion as soon as it is
 * passed rather than after the whole document has been laid out.
 */
export class PageFlow {
  y = 0;
  pages = 0;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly margin: number,
    private readonly maxPages: number,
  ) {
    this.newPage();
  }

  get left(): number {
    return this.margin;
  }
  get width(): number {
    return LETTER.width - 2 * this.margin;
  }
  get top(): number {
    return this.margin;
  }
  get contentHeight(): number {
    return LETTER.height - 2 * this.margin;
  }
  get remaining(): number {
    return this.top + this.contentHeight - this.y;
  }
  get atPageTop(): boolean {
    return this.y <= this.top + 0.01;
  }

  newPage(): void {
    if (this.pages >= this.maxPages) throw new ConversionError(conversionMessages.tooManyPages(this.maxPages));
    this.doc.addPage();
    this.pages += 1;
    this.y = this.top;
  }

  /** Moves to a new page unless `height` fits below the cursor; on a fresh page anything goes. */
  ensure(height: number): void {
    if (height > this.remaining && !this.atPageTop) this.newPage();
  }
}
