// The house rules lint keeps (issue 27 item 4): no source file over 300 lines, and no import circle
// (`npm run lint` runs ESLint with eslint.config.js, then madge with .madgerc). Each rule is shown
// failing on a file that breaks it, read with the project's own configuration.
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

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
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
