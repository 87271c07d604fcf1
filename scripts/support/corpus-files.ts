// The real-world corpus of the document tests and benchmark: files nobody on this team wrote, from
// public test suites, read where a package registry puts them (npm for mammoth's and pdf-parse's
// test data, Debian for Go's image and zip test data and python-docx's template), plus the larger
// corpus of public suites' files (pdf.js, PngSuite, mammoth, python-docx, Pillow, libjpeg-turbo,
// ...) that lives in the steering repository's shared/corpus, where fetched data belongs. Sources
// and licences: tests/corpus/SOURCES.md. Expected outcomes: tests/corpus/expected.json.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_NAME_MAX_LENGTH } from '../../common/constants';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The corpus lists and their expected outcomes, beside the tests that read them. */
const CORPUS_LISTS = path.join(repoRoot, 'tests/corpus');

export interface CorpusFile {
  /** `<source>/<name>`: the key of its expectation. */
  id: string;
  path: string;
  /** The name it is uploaded under: at most 32 characters, with the extension an applicant would give it. */
  uploadName: string;
}

interface CorpusSource {
  id: string;
  /** Where its files are; `install` says how to get them when they are missing. */
  root: string;
  install: string;
  /** The files of the root it takes, and the extension each is uploaded with (the same, or the one it poses as). */
  pick: (name: string) => string | null;
}

const extensionOf = (name: string) => path.extname(name).toLowerCase();
const keep = (extensions: readonly string[]) => (name: string) => (extensions.includes(extensionOf(name)) ? extensionOf(name) : null);

export const GO_SRC = '/usr/share/go-1.19/src';
const DEBIAN_PACKAGES = 'apt-get install -y golang-1.19-src python3-docx qpdf';

/** The sources every run has: from the npm registry (package.json) and Debian's packages (.ci/run installs them). */
const REGISTRY_SOURCES: readonly CorpusSource[] = [
  { id: 'mammoth', root: path.join(repoRoot, 'node_modules/mammoth/test/test-data'), install: 'npm ci', pick: keep(['.docx']) },
  { id: 'python-docx', root: '/usr/lib/python3/dist-packages/docx/templates', install: DEBIAN_PACKAGES, pick: keep(['.docx']) },
  { id: 'pdf-parse', root: path.join(repoRoot, 'node_modules/pdf-parse/test/data'), install: 'npm ci', pick: keep(['.pdf']) },
  { id: 'go-png', root: path.join(GO_SRC, 'image/png/testdata'), install: DEBIAN_PACKAGES, pick: keep(['.png']) },
  { id: 'go-pngsuite', root: path.join(GO_SRC, 'image/png/testdata/pngsuite'), install: DEBIAN_PACKAGES, pick: keep(['.png']) },
  // GIFs pose as PNGs, as an applicant's renamed file would.
  { id: 'go-image', root: path.join(GO_SRC, 'image/testdata'), install: DEBIAN_PACKAGES, pick: (name) => (extensionOf(name) === '.gif' ? '.png' : keep(['.jpeg', '.png'])(name)) },
  // Zips that are not Word documents, posing as .docx.
  { id: 'go-zip', root: path.join(GO_SRC, 'archive/zip/testdata'), install: DEBIAN_PACKAGES, pick: (name) => (extensionOf(name) === '.zip' ? '.docx' : null) },
];

/** The public suites' corpus: shared/corpus beside the checkout (GRADAPP_CORPUS_DIR elsewhere), folders docx, pdf, png and jpeg. */
export const SHARED_CORPUS_DIR = process.env.GRADAPP_CORPUS_DIR ?? path.resolve(repoRoot, '../shared/corpus');

/** The more public suites' files (issue 25): shared/corpus-more beside the checkout (GRADAPP_CORPUS_MORE_DIR elsewhere). */
export const SHARED_CORPUS_MORE_DIR = process.env.GRADAPP_CORPUS_MORE_DIR ?? path.resolve(repoRoot, '../shared/corpus-more');

/** A folder of public suites' files, each listed (source, commit, path, licence, SHA-256) in `list`, whose ids start with `idPrefix`. */
interface SharedCorpus {
  dir: string;
  list: string;
  idPrefix: string;
}

const SHARED_CORPORA: readonly SharedCorpus[] = [
  { dir: SHARED_CORPUS_DIR, list: 'public-suites.json', idPrefix: 'shared' },
  { dir: SHARED_CORPUS_MORE_DIR, list: 'more-suites.json', idPrefix: 'more' },
];

function sharedSources({ dir, idPrefix }: SharedCorpus): CorpusSource[] {
  return ['docx', 'pdf', 'png', 'jpeg'].map((folder) => ({
    id: `${idPrefix}/${folder}`,
    root: path.join(dir, folder),
    install: `the steering repository keeps it in shared/${path.basename(dir)}`,
    pick: keep(['.docx', '.pdf', '.png', '.jpg', '.jpeg']),
  }));
}

/** A name of at most 32 characters that keeps the extension and stays unique (a short digest of the original). */
export function uploadNameOf(name: string, extension: string): string {
  const base = path.basename(name, path.extname(name));
  const whole = `${base}${extension}`;
  if (whole.length <= UPLOAD_NAME_MAX_LENGTH) return whole;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 6);
  return `${base.slice(0, UPLOAD_NAME_MAX_LENGTH - extension.length - digest.length - 1)}-${digest}${extension}`;
}

function filesOf(source: CorpusSource): CorpusFile[] {
  if (!fs.existsSync(source.root)) throw new Error(`The corpus source ${source.id} is missing at ${source.root}: ${source.install}.`);
  return fs
    .readdirSync(source.root)
    .sort()
    .flatMap((name) => {
      const extension = source.pick(name);
      const file = path.join(source.root, name);
      return extension && fs.statSync(file).isFile() ? [{ id: `${source.id}/${name}`, path: file, uploadName: uploadNameOf(name, extension) }] : [];
    });
}

/**
 * PDFs encrypted by qpdf (a real tool, as applicants' PDF writers do) from a real PDF of the
 * corpus: with an empty user password, under every algorithm (they open without a password), and
 * with one (it does not), unless the owner's is empty. Made afresh each run in one temporary folder.
 */
function encryptedPdfs(): CorpusFile[] {
  const original = path.join(repoRoot, 'node_modules/pdf-parse/test/data/04-valid.pdf');
  // One folder, written afresh each run: test workers end without an exit event to clean up after.
  const dir = path.join(os.tmpdir(), 'gradapp-corpus-qpdf');
  fs.mkdirSync(dir, { recursive: true });
  const variants: [string, string[]][] = [
    ['rc4-40-noprint.pdf', ['', 'owner-secret', '40', '--print=n']],
    ['rc4-128-nocopy.pdf', ['', 'owner-secret', '128', '--use-aes=n', '--extract=n']],
    ['aes-128-noedit.pdf', ['', 'owner-secret', '128', '--use-aes=y', '--modify=none']],
    ['aes-256-noprint.pdf', ['', 'owner-secret', '256', '--print=none']],
    // A user password but an empty owner password: every reader opens it without asking.
    ['aes-256-no-owner-pw.pdf', ['applicant-secret', '', '256', '--allow-insecure']],
    ['aes-256-userpw.pdf', ['applicant-secret', 'owner-secret', '256']],
  ];
  return variants.map(([name, args]) => {
    const file = path.join(dir, name);
    try {
      execFileSync('qpdf', ['--allow-weak-crypto', '--encrypt', ...args, '--', original, file], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`qpdf could not encrypt the corpus PDF (${DEBIAN_PACKAGES}): ${(error as Error).message}`);
    }
    return { id: `qpdf/${name}`, path: file, uploadName: name };
  });
}

/** Whether the public suites' corpora are in shared/ (they are placed there by the steering repository). */
export const hasSharedCorpus = () => fs.existsSync(SHARED_CORPUS_DIR);
const hasCorpus = ({ dir }: SharedCorpus) => fs.existsSync(dir);
/** The id prefixes of the shared corpora that are not on this machine. */
export const missingSharedCorpora = () => SHARED_CORPORA.filter((corpus) => !hasCorpus(corpus)).map(({ idPrefix, dir }) => ({ idPrefix, dir }));

interface PublicSuiteFile {
  file: string;
  sha256: string;
}

/** A listed file's expected outcome, where its list records it (more-suites.json does). */
export type ListedExpectation = { converts: number; blank?: string } | { refused: string };

/** The entries of a shared corpus's list. */
export function listedFiles(list: string): Array<PublicSuiteFile & { expected?: ListedExpectation }> {
  return JSON.parse(fs.readFileSync(path.join(CORPUS_LISTS, list), 'utf8')) as Array<PublicSuiteFile & { expected?: ListedExpectation }>;
}

/** The expected outcomes the lists record, by file id. */
export function listedExpectations(): Record<string, ListedExpectation> {
  return Object.fromEntries(SHARED_CORPORA.flatMap(({ list, idPrefix }) => listedFiles(list).flatMap(({ file, expected }) => (expected ? [[`${idPrefix}/${file}`, expected]] : []))));
}

/** A shared corpus's files, each the very file its list names (source, commit, path, licence), and no other. */
function sharedFiles(corpus: SharedCorpus): CorpusFile[] {
  const digests = new Map(listedFiles(corpus.list).map((entry) => [`${corpus.idPrefix}/${entry.file}`, entry.sha256]));
  const files = sharedSources(corpus).flatMap(filesOf);
  const wrong = files.filter((file) => digests.get(file.id) !== createHash('sha256').update(fs.readFileSync(file.path)).digest('hex'));
  const missing = [...digests.keys()].filter((id) => !files.some((file) => file.id === id));
  if (wrong.length > 0 || missing.length > 0) {
    throw new Error(`${corpus.dir} is not the corpus tests/corpus/${corpus.list} lists: ${[...wrong.map((file) => `${file.id} differs or is not listed`), ...missing.map((id) => `${id} is missing`)].join('; ')}`);
  }
  return files;
}

/**
 * Every corpus file: the registry's (always; missing ones fail loudly), qpdf's, and shared/corpus's
 * and shared/corpus-more's when they are there. GRADAPP_CORPUS_ONLY=<id prefix> keeps only the
 * files whose id starts with it (e.g. `more/` while deciding that corpus's outcomes).
 */
export function corpusFiles(): CorpusFile[] {
  const all = [...REGISTRY_SOURCES.flatMap(filesOf), ...encryptedPdfs(), ...SHARED_CORPORA.filter(hasCorpus).flatMap(sharedFiles)];
  const only = process.env.GRADAPP_CORPUS_ONLY;
  return only ? all.filter((file) => file.id.startsWith(only)) : all;
}
