// The house rules lint keeps (issue 27 item 4): no source file over 300 lines, no import circle, and
// features that import each other only through their public entries (`npm run lint` runs ESLint with
// eslint.config.js, then madge with .madgerc). Each rule is shown failing on a file that breaks it,
// read with the project's own configuration.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import madge from 'madge';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MADGE_CONFIG = JSON.parse(fs.readFileSync(path.join(ROOT, '.madgerc'), 'utf8')) as { fileExtensions: string[]; tsConfig: string };
const eslint = new ESLint({ cwd: ROOT });
const lines = (count: number) => Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join('\n') + '\n';

async function messages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages;
}

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  return (await messages(code, filePath)).map((message) => message.ruleId ?? message.message);
}

describe('no source file over 300 lines', { timeout: 60_000 }, () => {
  it('fails a file of 301 lines in every source folder, and passes one of 300', async () => {
    for (const folder of ['common', 'backend', 'renderer/src', 'electron', 'scripts']) {
      expect(await ruleIds(lines(301), `${folder}/too-long.ts`), folder).toContain('max-lines');
      expect(await ruleIds(lines(300), `${folder}/long-enough.ts`), folder).not.toContain('max-lines');
    }
  });

  it('does not count a test file: it is a list of cases', async () => {
    expect(await ruleIds(lines(400), 'tests/unit/long-list.test.ts')).not.toContain('max-lines');
  });
});

describe('no import circle', { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-circle-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds a circle of two modules, also through a type-only import, with the configuration lint uses', async () => {
    fs.writeFileSync(path.join(dir, 'inbox.ts'), "import { accessLog } from './access-log';\nexport const inbox = () => accessLog;\n");
    fs.writeFileSync(path.join(dir, 'access-log.ts'), "import type { inbox } from './inbox';\nexport const accessLog = (seen?: typeof inbox) => seen;\n");
    fs.writeFileSync(path.join(dir, 'alone.ts'), "import { inbox } from './inbox';\nexport const alone = inbox;\n");
    const found = await madge(dir, { ...MADGE_CONFIG, tsConfig: path.join(ROOT, MADGE_CONFIG.tsConfig) });
    expect(found.circular()).toEqual([['access-log.ts', 'inbox.ts']]);
  });
});

describe('features import each other only through their public entries', { timeout: 60_000 }, () => {
  const RULE = 'house/feature-entries';
  const FROM_DOCUMENTS = 'renderer/src/features/documents/hooks/use-upload.ts';

  it('fails a static import of a module inside another feature, naming the entry to use', async () => {
    const found = await messages("import { useSaveAnswers } from '../../answers/hooks/use-save-answers';\nexport const save = useSaveAnswers;\n", FROM_DOCUMENTS);
    expect(found.filter((message) => message.ruleId === RULE).map((message) => message.message)).toEqual([
      'Import another feature through its public entry (features/answers), not ../../answers/hooks/use-save-answers (issue 27 item 4).',
    ]);
  });

  it('fails the same from outside the features, and a re-export from inside another feature', async () => {
    expect(await ruleIds("import { PageActions } from '../../../features/answers/components/page-actions';\nexport const actions = PageActions;\n", 'renderer/src/app/routes/form/education.tsx')).toContain(RULE);
    expect(await ruleIds("export { answerQueue } from '../answers/queued-saves';\n", 'renderer/src/features/auth/queue.ts')).toContain(RULE);
  });

  it('passes the same import through the feature’s entry, written as the folder or as its index', async () => {
    expect(await ruleIds("import { useSaveAnswers } from '../../answers';\nexport const save = useSaveAnswers;\n", FROM_DOCUMENTS)).not.toContain(RULE);
    expect(await ruleIds("import { useSaveAnswers } from '../../answers/index';\nexport const save = useSaveAnswers;\n", FROM_DOCUMENTS)).not.toContain(RULE);
  });

  it('passes a dynamic import of a module inside another feature: a lazy page or widget is a code-split point', async () => {
    const lazyActions = "export const loadActions = () => import('../../../features/answers/components/page-actions');\n";
    expect(await ruleIds(lazyActions, 'renderer/src/app/routes/form/about.tsx')).not.toContain(RULE);
  });

  it('passes an import of a module inside the same feature', async () => {
    expect(await ruleIds("import { ONE_FILE_MESSAGE } from '../check-file';\nexport const message = ONE_FILE_MESSAGE;\n", FROM_DOCUMENTS)).not.toContain(RULE);
  });
});
