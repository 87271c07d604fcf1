// The files of the load benchmark's deadline run: real applicants' kinds of file, from the public
// suites' corpora (scripts/support/corpus-files.ts), each one that converts on its own (its expected
// outcome in tests/corpus/expected.json or more-suites.json is `converts`, with LibreOffice as the
// Word converter) and fits the upload limit.
import fs from 'node:fs';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import { corpusFiles, listedExpectations, missingSharedCorpora, type CorpusFile, type ListedExpectation } from '../../support/corpus-files';

const EXPECTED = path.resolve(import.meta.dirname, '../../../tests/corpus/expected.json');

export interface DeadlineFiles {
  word: CorpusFile[];
  photos: CorpusFile[];
}

/** The Word documents and the photos (JPEG, PNG) of shared/corpus and shared/corpus-more that convert alone, at most 1 MB each. */
export function deadlineFiles(): DeadlineFiles {
  const missing = missingSharedCorpora();
  if (missing.length > 0) throw new Error(`the deadline run needs the public suites' corpora: ${missing.map(({ dir }) => dir).join(', ')} missing`);
  // A Word document's recorded outcome is LibreOffice's; `builtin` (the other converter's) is not the one used here.
  const expected: Record<string, ListedExpectation> = { ...(JSON.parse(fs.readFileSync(EXPECTED, 'utf8')) as Record<string, ListedExpectation>), ...listedExpectations() };
  const converts = (file: CorpusFile) => {
    const outcome = expected[file.id];
    return outcome !== undefined && 'converts' in outcome && fs.statSync(file.path).size <= UPLOAD_MAX_BYTES;
  };
  const shared = corpusFiles().filter((file) => /^(shared|more)\//.test(file.id) && converts(file));
  const ofFolder = (folders: string[]) => shared.filter((file) => folders.includes(file.id.split('/')[1]!));
  const files = { word: ofFolder(['docx']), photos: ofFolder(['jpeg', 'png']) };
  if (files.word.length === 0 || files.photos.length === 0) throw new Error('the public suites\' corpora hold no Word document or no photo that converts');
  return files;
}
