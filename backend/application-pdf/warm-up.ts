import { FONT_CHAIN } from '../fonts/font-faces';
import { assembleApplication } from './assemble';
import { drawForm } from './draw-form';
import { applicationItems } from './form-layout';
import type { PrintItem } from './print-items';

/** An application with a name and nothing else: every page's headings and labels, no answers. */
const EMPTY_APPLICATION = { username: 'warm-up@example.edu', answers: { first_name: 'Ada', last_name: 'Lovelace' }, tabs: {}, addAnother: {}, documents: {} };

/**
 * Renders an application PDF, thrown away, that sets a sample of each family named: so a new
 * sandbox process has read those fonts, shaped their scripts and compiled the code of a render
 * before a real task waits on it (about 0.4 s of a first render's 0.5 s). Only the families its
 * predecessor had read are asked for, so a process that never meets Chinese still never reads a
 * CJK file. Each sample is its own field: one text with kana and Hangul would pick one chain.
 */
export async function warmUpApplicationPdf(familyNames: readonly string[]): Promise<void> {
  const samples: PrintItem[] = FONT_CHAIN.filter((family) => familyNames.includes(family.name)).map((family) => ({
    kind: 'field',
    label: family.name,
    value: family.sample,
  }));
  const form = await drawForm([...applicationItems(EMPTY_APPLICATION), ...samples], { compress: true });
  await assembleApplication(form, [], 'Ada Lovelace');
}
