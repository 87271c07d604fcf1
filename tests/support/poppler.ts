// poppler's command-line tools (pdfinfo, pdftoppm), the reader under most Linux PDF viewers: a
// converted PDF is judged by what a real reader makes of it, not by our own parser.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The PDF in a temporary file for a command-line tool, the folder removed afterwards. */
export async function withPdfFile<T>(pdf: Uint8Array, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-poppler-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return await use(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface PdfInfo {
  pages: number;
  encrypted: boolean;
}

/** What pdfinfo says of the PDF, opened without a password; throws with pdfinfo's words when it cannot read it. */
export function pdfInfo(pdf: Uint8Array): Promise<PdfInfo> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file], { timeout: 20_000 });
    const pages = /^Pages:\s+(\d+)$/m.exec(stdout);
    if (!pages) throw new Error(`pdfinfo names no page count:\n${stdout}`);
    return { pages: Number(pages[1]), encrypted: /^Encrypted:\s+yes/m.test(stdout) };
  });
}

/** The darkest grey of a binary PGM (P5) image, 0 black to its maxval white. */
function darkestGrey(pgm: Buffer): { darkest: number; maxval: number } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString('latin1', 0, 64));
  if (!header) throw new Error('pdftoppm wrote something other than a binary PGM');
  const maxval = Number(header[3]);
  let darkest = maxval;
  for (let at = header[0].length; at < pgm.length; at += 1) darkest = Math.min(darkest, pgm[at]!);
  return { darkest, maxval };
}

/**
 * Whether the first pages (at most `pages`) render as nothing: every pixel near white at a low
 * resolution. A page with any mark of ink (text, a line, a picture) is not blank.
 */
export function rendersBlank(pdf: Uint8Array, pages = 3): Promise<boolean> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', '20', '-gray', '-f', '1', '-l', String(pages), file, path.join(dir, 'page')], { timeout: 30_000 });
    const images = fs.readdirSync(dir).filter((name) => name.endsWith('.pgm'));
    if (images.length === 0) throw new Error('pdftoppm rendered no page');
    return images.every((name) => {
      const { darkest, maxval } = darkestGrey(fs.readFileSync(path.join(dir, name)));
      return darkest >= maxval * 0.94;
    });
  });
}

/** The text pdftotext reads out of the PDF, opened without a password. */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 })).stdout);
}

/** The first page rendered in colour: its size in pixels and the RGB of any pixel. */
export interface RenderedPage {
  width: number;
  height: number;
  rgb: (x: number, y: number) => [number, number, number];
}

/** The first page as pdftoppm draws it at `dpi` (a binary PPM, read here). */
export function renderFirstPage(pdf: Uint8Array, dpi = 30): Promise<RenderedPage> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(dir, 'page')], { timeout: 30_000 });
    const ppm = fs.readFileSync(path.join(dir, 'page.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 64));
    if (!header) throw new Error('pdftoppm wrote something other than a binary PPM');
    const [width, height, start] = [Number(header[1]), Number(header[2]), header[0].length];
    return {
      width,
      height,
      rgb: (x, y) => {
        const at = start + (Math.floor(y) * width + Math.floor(x)) * 3;
        return [ppm[at]!, ppm[at + 1]!, ppm[at + 2]!];
      },
    };
  });
}

/** The text of each page as pdftotext reads it (pages end with a form feed), whitespace collapsed. */
export async function pdfTextByPage(pdf: Uint8Array): Promise<string[]> {
  const pages = (await pdfText(pdf)).split('\f');
  pages.pop();
  return pages.map((page) => page.replace(/\s+/g, ' ').trim());
}

/** The fonts a PDF embeds, by base name without the subset tag ('NotoSans-Regular'), as pdffonts lists them. */
export function pdfFontNames(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdffonts', [file], { timeout: 20_000 });
    const names = stdout.split('\n').slice(2).filter(Boolean).map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
    return [...new Set(names)];
  });
}

/** The structure tree of a tagged PDF with the text of each element, as `pdfinfo -struct-text` prints it. */
export function pdfStructureText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdfinfo', ['-struct-text', file], { timeout: 20_000, maxBuffer: 16 * 1024 * 1024 })).stdout);
}

/** What pdfinfo says with its document-level fields, raw: Title, Tagged, and the rest. */
export function pdfInfoText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('pdfinfo', [file], { timeout: 20_000 })).stdout);
}
