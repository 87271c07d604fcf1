import { spawnSync } from 'node:child_process';

/**
 * Debian's python3-uno installs LibreOffice's bindings for the system Python only: another Python
 * earlier on PATH (pyenv, a virtualenv) cannot import them, so this one is asked by its full path.
 */
const SYSTEM_PYTHON = '/usr/bin/python3';

/** The Python that can drive a running soffice through UNO, or null when it cannot import uno. */
export function findUnoPython(): string | null {
  const result = spawnSync(SYSTEM_PYTHON, ['-c', 'import uno'], { stdio: 'ignore', timeout: 10_000, env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' } });
  return result.status === 0 ? SYSTEM_PYTHON : null;
}
