import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEBIAN_TEST_PACKAGES_FILE,
  installCommand,
  missingPackages,
  parseDebianTestPackages,
  planForMissing,
} from '../../../scripts/debian-test-packages';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const packages = parseDebianTestPackages(fs.readFileSync(DEBIAN_TEST_PACKAGES_FILE, 'utf8'));

/** The packages .ci/run's own reading of the list finds missing, in this environment. */
function missingForCi(env: NodeJS.ProcessEnv): string[] {
  const ciRun = fs.readFileSync(path.join(repoRoot, '.ci/run'), 'utf8');
  const fn = ciRun.match(/^missing_packages\(\) \{[\s\S]*?^\}$/m)?.[0];
  expect(fn, '.ci/run defines missing_packages').toBeTruthy();
  const run = spawnSync('bash', ['-c', `${fn}\nmissing_packages`], { cwd: repoRoot, encoding: 'utf8', env });
  expect(run.status).toBe(0);
  return run.stdout.split(/\s+/).filter(Boolean);
}

describe('the Debian packages the tests need (one list for .ci/run and npm test)', () => {
  it('names the browsers of the three engines and what a fresh machine lacked', () => {
    const names = packages.map(({ name }) => name);
    for (const name of ['chromium', 'firefox-esr', 'webkit2gtk-driver', 'xvfb', 'xauth', 'qpdf', 'golang-1.19-src', 'python3-docx', 'poppler-utils', 'nginx-light', 'libreoffice-writer-nogui', 'fonts-noto-core', 'fonts-crosextra-carlito', 'fonts-liberation2']) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const { file } of packages) expect(path.isAbsolute(file)).toBe(true);
  });

  it('counts a package missing when its file is not there, unless its environment variable points to one that is', () => {
    const present = new Set(['/usr/bin/qpdf', '/opt/chromium/chrome']);
    const exists = (file: string) => present.has(file);
    const list = parseDebianTestPackages('# comment\n\nqpdf /usr/bin/qpdf\nchromium /usr/bin/chromium CHROMIUM_PATH\nxvfb /usr/bin/xvfb-run\n');
    expect(missingPackages(list, {}, exists)).toEqual(['chromium', 'xvfb']);
    expect(missingPackages(list, { CHROMIUM_PATH: '/opt/chromium/chrome' }, exists)).toEqual(['xvfb']);
  });

  it('.ci/run reads the same list and finds the same packages missing', () => {
    // Pointed at nowhere, the browsers are missing for both readers; everything else is as on this machine.
    const env = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', FIREFOX_PATH: '/nonexistent/firefox-esr', XVFB_RUN_PATH: '/nonexistent/xvfb-run' };
    const missing = missingPackages(packages, env);
    expect(missing).toEqual(expect.arrayContaining(['chromium', 'firefox-esr', 'xvfb']));
    expect(missingForCi(env)).toEqual(missing);
    expect(fs.readFileSync(path.join(repoRoot, '.ci/run'), 'utf8')).not.toMatch(/apt-get install[^\n]*(chromium|qpdf|firefox)/);
  });

  it('as root on Debian the pretest step installs what is missing and says so; elsewhere it names the one command', () => {
    expect(planForMissing([], { root: true, debian: true })).toBeNull();
    expect(planForMissing(['qpdf', 'firefox-esr'], { root: true, debian: true })).toEqual({
      install: true,
      message: 'npm test: installing the Debian packages the tests need: qpdf firefox-esr',
    });
    for (const machine of [{ root: false, debian: true }, { root: true, debian: false }]) {
      const plan = planForMissing(['qpdf', 'firefox-esr'], machine);
      expect(plan?.install).toBe(false);
      expect(plan?.message).toContain(`"sudo apt-get update && sudo ${installCommand(['qpdf', 'firefox-esr'])}"`);
    }
    expect(installCommand(['qpdf', 'firefox-esr'])).toBe('apt-get install -y --no-install-recommends qpdf firefox-esr');
  });
});
