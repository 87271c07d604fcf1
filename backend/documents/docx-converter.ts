import { findProgram } from './libreoffice/find-program';
import { findUnoPython } from './libreoffice/find-uno-python';
import { isolationProblem, type LibreOfficePrograms } from './libreoffice/isolated-command';

/** DOCX_CONVERTER: LibreOffice where it is installed and can be fenced in (auto), always, or never. */
export const DOCX_CONVERTER_SETTINGS = ['auto', 'libreoffice', 'builtin'] as const;
export type DocxConverterSetting = (typeof DOCX_CONVERTER_SETTINGS)[number];

/**
 * How Word documents become PDFs, decided once at start: LibreOffice headless in a sandbox of its
 * own (docs/decisions.md), or the built-in layout (mammoth and pdfkit), with the reason it is used.
 */
export type DocxConverter = { name: 'libreoffice'; programs: LibreOfficePrograms } | { name: 'builtin'; reason: string };

export const BUILTIN_DOCX_CONVERTER: DocxConverter = { name: 'builtin', reason: 'DOCX_CONVERTER=builtin' };

/** The converter for a setting; `problem` says why a setting of `libreoffice` cannot be met. */
export interface DocxConverterChoice {
  converter: DocxConverter;
  problem: string | null;
}

/** LibreOffice's programs on the search path, or why it cannot run here. */
function libreOffice(searchPath: string | undefined): { programs: LibreOfficePrograms } | { missing: string } {
  const soffice = findProgram('soffice', searchPath);
  if (!soffice) return { missing: 'LibreOffice is not installed (no soffice on PATH; apt-get install libreoffice-writer-nogui)' };
  const tools = ['setpriv', 'prlimit', 'unshare'] as const;
  const found = tools.map((tool) => findProgram(tool, searchPath));
  const absent = tools.filter((_, i) => !found[i]);
  if (absent.length > 0) return { missing: `LibreOffice cannot be fenced in: ${absent.join(', ')} missing from PATH (util-linux)` };
  const [setpriv, prlimit, unshare] = found as string[];
  const programs = { soffice, setpriv: setpriv!, prlimit: prlimit!, unshare: unshare!, unoPython: findUnoPython() };
  const problem = isolationProblem(programs);
  return problem ? { missing: `LibreOffice cannot be fenced in here: ${problem}` } : { programs };
}

/** Searches are cached: the configuration is read more than once in tests, and the probe starts a process. */
const found = new Map<string, ReturnType<typeof libreOffice>>();

export function chooseDocxConverter(setting: DocxConverterSetting, searchPath: string | undefined): DocxConverterChoice {
  if (setting === 'builtin') return { converter: BUILTIN_DOCX_CONVERTER, problem: null };
  const key = searchPath ?? '';
  if (!found.has(key)) found.set(key, libreOffice(searchPath));
  const office = found.get(key)!;
  if ('programs' in office) return { converter: { name: 'libreoffice', programs: office.programs }, problem: null };
  const converter: DocxConverter = { name: 'builtin', reason: office.missing };
  return { converter, problem: setting === 'libreoffice' ? `DOCX_CONVERTER is libreoffice, but ${office.missing}.` : null };
}

/** The converter in words, for the startup log (and a readiness report). */
export function describeDocxConverter(converter: DocxConverter): string {
  return converter.name === 'libreoffice' ? `LibreOffice (${converter.programs.soffice}), fenced in` : `the built-in converter (${converter.reason})`;
}
