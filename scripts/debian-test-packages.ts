// The Debian packages the test suites need (scripts/debian-test-packages.txt, the one list that
// .ci/run reads too), which of them are missing, and what npm test's pretest step does about it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const DEBIAN_TEST_PACKAGES_FILE = path.join(import.meta.dirname, 'debian-test-packages.txt');

export interface DebianTestPackage {
  name: string;
  /** A file the package installs that the tests use: the package counts as there when it exists. */
  file: string;
  /** The environment variable that points the tests at another copy, if any. */
  override?: string;
}

export function parseDebianTestPackages(text: string): DebianTestPackage[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name, file, override] = line.split(/\s+/);
      if (!name || !file) throw new Error(`${DEBIAN_TEST_PACKAGES_FILE}: "${line}" names no file`);
      return override ? { name, file, override } : { name, file };
    });
}

/** The packages whose file is not there (nor where their environment variable points). */
export function missingPackages(
  packages: readonly DebianTestPackage[],
  env: NodeJS.ProcessEnv,
  exists: (file: string) => boolean = fs.existsSync,
): string[] {
  return packages.filter(({ file, override }) => !exists((override && env[override]) || file)).map(({ name }) => name);
}

export function installCommand(packages: readonly string[]): string {
  return `apt-get install -y --no-install-recommends ${packages.join(' ')}`;
}

/**
 * What the pretest step does about missing packages: where it runs as root on Debian it installs
 * them (and says so); elsewhere it names the one command that does.
 */
export function planForMissing(missing: readonly string[], machine: { root: boolean; debian: boolean }): { install: boolean; message: string } | null {
  if (missing.length === 0) return null;
  if (machine.root && machine.debian) {
    return { install: true, message: `npm test: installing the Debian packages the tests need: ${missing.join(' ')}` };
  }
  return {
    install: false,
    message: `Debian packages the tests need are missing (${missing.join(', ')}): install them with "sudo apt-get update && sudo ${installCommand(missing)}".`,
  };
}

/** Runs apt-get as .ci/run does; throws when it fails. */
export function aptInstall(packages: readonly string[]): void {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
}

export function isDebianRoot(): { root: boolean; debian: boolean } {
  return { root: process.getuid?.() === 0, debian: fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get') };
}
