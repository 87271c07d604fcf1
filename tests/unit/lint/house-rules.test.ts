// The house rules lint keeps (issue 27 item 4): no source file over 300 lines, no import circle
// between files or between folders, scripts that import no tests, and features that import each
// other only through their public entries (`npm run lint` runs ESLint with eslint.config.js, madge
// with .madgerc, then build/lint-folder-circles.mjs). Each rule is shown failing on a file that
// breaks it, read with the project's own configuration.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { promisify } from 'node:util';
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

/** A lint step of `npm run lint` (a build/ script), on the given folders: its exit code and what it printed. */
async function runLintStep(script: string, folders: readonly string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)('node', [script, ...folders], { cwd: ROOT });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

describe('no circle between folders', { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-folder-circle-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, code: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  };
  const lintFolders = (...roots: string[]) => runLintStep('build/lint-folder-circles.mjs', roots);

  it('fails two folders that import each other through different files (no file circle), naming the imports', async () => {
    write('circle/routes/staff-inbox.ts', "import { inbox } from '../staff/inbox';\nexport const route = inbox;\n");
    write('circle/staff/inbox.ts', 'export const inbox = 1;\n');
    write('circle/staff/side.ts', "import { route } from '../routes/staff-inbox';\nexport const side = route;\n");
    expect((await madge(path.join(dir, 'circle'), { ...MADGE_CONFIG, tsConfig: path.join(ROOT, MADGE_CONFIG.tsConfig) })).circular()).toEqual([]);
    const { code, output } = await lintFolders(path.join(dir, 'circle'));
    expect(code).toBe(1);
    expect(output).toContain('routes <-> staff');
    expect(output).toContain('routes/staff-inbox.ts -> staff/inbox.ts');
    expect(output).toContain('staff/side.ts -> routes/staff-inbox.ts');
  });

  it('fails a folder that imports a file at the top of its root (the app assembly), also through a type-only import', async () => {
    write('top/app.ts', "import { feature } from './staff/feature';\nexport const app = feature;\n");
    write('top/staff/feature.ts', "import type { app } from '../app';\nexport const feature = (seen?: typeof app) => seen;\n");
    const { code, output } = await lintFolders(path.join(dir, 'top'));
    expect(code).toBe(1);
    expect(output).toContain('. <-> staff');
  });

  it('passes folders that import downwards only, and the project’s backend, common, scripts, electron and renderer features (issue 36 item 4)', async () => {
    write('layered/app.ts', "import { feature } from './staff/feature';\nexport const app = feature;\n");
    write('layered/staff/feature.ts', "import { clock } from '../platform/clock';\nexport const feature = clock;\n");
    write('layered/platform/clock.ts', 'export const clock = () => 0;\n');
    expect((await lintFolders(path.join(dir, 'layered'))).code).toBe(0);
    expect(await lintFolders()).toEqual({ code: 0, output: 'No folder circle in backend, common, scripts, electron, renderer/src/features.\n' });
  });

  it('prints the layers of a root floor by floor with --floors: a folder on a floor imports only folders below it (issue 36 item 4)', async () => {
    write('floors/app.ts', "import { feature } from './staff/feature';\nimport { mail } from './mail/outbox';\nexport const app = [feature, mail];\n");
    write('floors/staff/feature.ts', "import { mail } from '../mail/outbox';\nimport { clock } from '../platform/clock';\nexport const feature = [mail, clock];\n");
    write('floors/mail/outbox.ts', "import { clock } from '../platform/clock';\nexport const mail = clock;\n");
    write('floors/platform/clock.ts', 'export const clock = () => 0;\n');
    const { code, output } = await lintFolders('--floors', path.join(dir, 'floors'));
    expect(code).toBe(0);
    expect(output.split('\n').slice(1, 5)).toEqual(['  floor 1: platform', '  floor 2: mail', '  floor 3: staff', '  floor 4: .']);
  });
});

describe('stylesheets under the size rule (issue 36 item 4)', { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-css-size-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const lintCss = (...folders: string[]) => runLintStep('build/lint-css-size.mjs', folders);

  it('fails a stylesheet of 301 lines, naming it, and passes one of 300 and the renderer’s own', async () => {
    fs.mkdirSync(path.join(dir, 'long'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'long', 'forms.css'), '.a { color: red; }\n'.repeat(301));
    const long = await lintCss(path.join(dir, 'long'));
    expect(long.code).toBe(1);
    expect(long.output).toContain('forms.css: 301 lines');
    fs.mkdirSync(path.join(dir, 'fits'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'fits', 'forms.css'), '.a { color: red; }\n'.repeat(300));
    expect((await lintCss(path.join(dir, 'fits'))).code).toBe(0);
    expect(await lintCss()).toEqual({ code: 0, output: 'No stylesheet over 300 lines.\n' });
  });
});

describe('scripts import no tests', { timeout: 60_000 }, () => {
  const RULE = 'no-restricted-imports';

  it('fails a script, a bench or the shared support importing from tests/', async () => {
    expect(await ruleIds("import { latestCode } from '../../tests/support/mail';\nexport const code = latestCode;\n", 'scripts/bench/new-bench.ts')).toContain(RULE);
    expect(await ruleIds("import { startTestServer } from '../../tests/api/support/test-server';\nexport const start = startTestServer;\n", 'scripts/support/new-support.ts')).toContain(RULE);
    expect(await ruleIds("export { latestCode } from '../tests/support/mail';\n", 'scripts/new-command.ts')).toContain(RULE);
  });

  it('passes a script importing the shared support, and a test importing it too', async () => {
    expect(await ruleIds("import { latestCode } from '../support/mail';\nexport const code = latestCode;\n", 'scripts/bench/new-bench.ts')).not.toContain(RULE);
    expect(await ruleIds("import { latestCode } from '../../scripts/support/mail';\nexport const code = latestCode;\n", 'tests/api/new.test.ts')).not.toContain(RULE);
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
    expect(await ruleIds("export { browserQueue } from '../answers/answer-store';\n", 'renderer/src/features/auth/queue.ts')).toContain(RULE);
  });

  it('passes the same import through the feature’s entry, written as the folder or as its index', async () => {
    expect(await ruleIds("import { useSaveAnswers } from '../../answers';\nexport const save = useSaveAnswers;\n", FROM_DOCUMENTS)).not.toContain(RULE);
    expect(await ruleIds("import { useSaveAnswers } from '../../answers/index';\nexport const save = useSaveAnswers;\n", FROM_DOCUMENTS)).not.toContain(RULE);
  });

  it('passes the answers feature’s second entry, the typed map, from a feature and from the state layer (issue 36 item 1)', async () => {
    expect(await ruleIds("import { useAnswer } from '../../answers/typed-answers';\nexport const answer = useAnswer;\n", FROM_DOCUMENTS)).not.toContain(RULE);
    expect(await ruleIds("import { answersAtom } from '../features/answers/typed-answers';\nexport const answers = answersAtom;\n", 'renderer/src/state/validation.ts')).not.toContain(RULE);
    expect(await ruleIds("import { answerQueue } from '../features/answers/answer-store';\nexport const queue = answerQueue;\n", 'renderer/src/state/validation.ts')).toContain(RULE);
  });

  it('passes a dynamic import of a module inside another feature: a lazy page or widget is a code-split point', async () => {
    const lazyActions = "export const loadActions = () => import('../../../features/answers/components/page-actions');\n";
    expect(await ruleIds(lazyActions, 'renderer/src/app/routes/form/about.tsx')).not.toContain(RULE);
  });

  it('passes an import of a module inside the same feature', async () => {
    expect(await ruleIds("import { ONE_FILE_MESSAGE } from '../check-file';\nexport const message = ONE_FILE_MESSAGE;\n", FROM_DOCUMENTS)).not.toContain(RULE);
  });
});

describe('one owner of the answer map (issue 27 item 3)', { timeout: 60_000 }, () => {
  const RULE = 'no-restricted-syntax';

  it('fails the answers atom imported or re-exported anywhere in the renderer but its owner', async () => {
    const importing = "import { studentAnswersAtom } from '../../answers/typed-answers';\nexport const answers = studentAnswersAtom;\n";
    const found = await messages(importing, 'renderer/src/features/layout/components/banner.tsx');
    expect(found.filter((message) => message.ruleId === RULE).map((message) => message.message)).toEqual([
      'Read and write the answers through features/answers/typed-answers.ts (useAnswer, useAnswers, useSetAnswers, answersAtom...), not the atom itself (issue 27 item 3).',
    ]);
    expect(await ruleIds("export { studentAnswersAtom } from './typed-answers';\n", 'renderer/src/features/answers/answers-again.ts')).toContain(RULE);
    // Where it lived before issue 36 item 1 is no owner any more.
    expect(await ruleIds("import { atom } from 'jotai';\nexport const studentAnswersAtom = atom({});\nexport { studentAnswersAtom as answers };\n", 'renderer/src/state/answers.ts')).toContain(RULE);
  });

  it('passes its hooks and read-only atoms, and the owner itself', async () => {
    const hooks = "import { useAnswer, useSetAnswers, answersAtom } from '../../answers/typed-answers';\nexport const all = [useAnswer, useSetAnswers, answersAtom];\n";
    expect(await ruleIds(hooks, 'renderer/src/features/layout/components/banner.tsx')).not.toContain(RULE);
    const owner = "import { atom } from 'jotai';\nexport const studentAnswersAtom = atom({});\nexport { studentAnswersAtom as answers };\n";
    expect(await ruleIds(owner, 'renderer/src/features/answers/typed-answers.ts')).not.toContain(RULE);
  });
});

describe('the outbox is the mail layer’s (issue 36 item 4)', { timeout: 60_000 }, () => {
  const RULE = 'no-restricted-syntax';
  const deleting = "export const forget = (trx: any, to: string) => trx.deleteFrom('mail_outbox').where('recipient', '=', to).execute();\n";
  const joining = "export const fared = (db: any) => db.selectFrom('links as l').leftJoin('mail_outbox as m', 'm.id', 'l.mail_id');\n";

  it('fails a store or a script outside backend/mail naming the mail_outbox table, also under an alias', async () => {
    const found = await messages(deleting, 'backend/applicant-data/applicant-data-store.ts');
    expect(found.filter((message) => message.ruleId === RULE).map((message) => message.message)).toEqual([
      'Only backend/mail names the mail_outbox table: enqueue, forget or read a delivery through its API (mail-outbox-store.ts; issue 36 item 4).',
    ]);
    expect(await ruleIds(joining, 'backend/recommendations/recommendations-store.ts')).toContain(RULE);
    expect(await ruleIds(deleting, 'scripts/forget-mails.ts')).toContain(RULE);
  });

  it('passes the mail layer itself, the migrations and the schema, and another table', async () => {
    expect(await ruleIds(deleting, 'backend/mail/mail-outbox-store.ts')).not.toContain(RULE);
    expect(await ruleIds(deleting, 'backend/store/migrations/011-mail-outbox.ts')).not.toContain(RULE);
    expect(await ruleIds("export type Tables = { mail_outbox: { id: string } };\nexport const table = 'mail_outbox';\n", 'backend/store/mail-schema.ts')).not.toContain(RULE);
    expect(await ruleIds(deleting.replace('mail_outbox', 'mail_outbox_archive'), 'backend/applicant-data/applicant-data-store.ts')).not.toContain(RULE);
  });
});
