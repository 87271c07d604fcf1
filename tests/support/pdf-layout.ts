// Where a PDF puts its words and colours, as poppler sees it: `pdftotext -bbox` for each word's box
// (points, from the page's top left), `pdftoppm -png` for its pixels, `pdfinfo` for its producer.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { withPdfFile } from './poppler';

const run = promisify(execFile);

export interface PlacedWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface LaidOutPage {
  width: number;
  height: number;
  words: PlacedWord[];
  /** The words in reading order, joined by spaces. */
  text: string;
}

const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Every page's words with their boxes. */
export function laidOutPages(pdf: Uint8Array): Promise<LaidOutPage[]> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
    return [...stdout.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map(([, width, height, body]) => {
      const words = [...body!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(([, xMin, yMin, xMax, yMax, text]) => ({
        text: decode(text!),
        xMin: Number(xMin),
        yMin: Number(yMin),
        xMax: Number(xMax),
        yMax: Number(yMax),
      }));
      return { width: Number(width), height: Number(height), words, text: words.map((word) => word.text).join(' ') };
    });
  });
}

/** The one word of a page that reads `text`; throws when there is none or more than one. */
export function wordOn(page: LaidOutPage, text: string): PlacedWord {
  const found = page.words.filter((word) => word.text === text);
  if (found.length !== 1) throw new Error(`expected one "${text}" on the page, found ${found.length}: ${page.text.slice(0, 400)}`);
  return found[0]!;
}

/** The words of a page's text lines, top to bottom, each line left to right (words whose tops are within 2 pt). */
export function linesOf(page: LaidOutPage, words: readonly PlacedWord[] = page.words): PlacedWord[][] {
  const lines: PlacedWord[][] = [];
  for (const word of [...words].sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)) {
    const line = lines.find((candidate) => Math.abs(candidate[0]!.yMin - word.yMin) < 2);
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) => line.sort((a, b) => a.xMin - b.xMin));
}

export type Rgb = [number, number, number];

/** A page drawn by pdftoppm at `dpi` (PNG, read with pngjs): how many of its pixels match. */
export async function countPixels(pdf: Uint8Array, page: number, dpi: number, matches: (rgb: Rgb) => boolean): Promise<number> {
  return withPdfFile(pdf, async (file, dir) => {
    await run('pdftoppm', ['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')], { timeout: 30_000 });
    const png = PNG.sync.read(fs.readFileSync(path.join(dir, 'page.png')));
    let count = 0;
    for (let at = 0; at < png.data.length; at += 4) if (matches([png.data[at]!, png.data[at + 1]!, png.data[at + 2]!])) count += 1;
    return count;
  });
}

/** What pdfinfo names as the program that wrote the PDF. */
export function pdfProducer(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => /^Producer:\s+(.*)$/m.exec((await run('pdfinfo', [file], { timeout: 20_000 })).stdout)?.[1] ?? '');
}
