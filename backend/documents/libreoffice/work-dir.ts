import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Work folders are named after the sandbox process that made them: gradapp-soffice-<pid>-<random>. */
const PREFIX = 'gradapp-soffice-';
const OWNER = new RegExp(`^${PREFIX}(\\d+)-`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the work folders of sandbox processes that are gone: one killed by the pool (time,
 * memory, shutdown) had no chance to remove its own. Its LibreOffice died with it (pdeathsig).
 */
function removeOrphans(parent: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = OWNER.exec(name);
    if (owner && Number(owner[1]) !== process.pid && !alive(Number(owner[1]))) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * A fresh folder, named after this process (so the folders of a process that is gone are removed
 * by the next one made here), for the caller to remove with removeWorkDir.
 */
export function makeWorkDir(): string {
  const parent = os.tmpdir();
  removeOrphans(parent);
  return fs.mkdtempSync(path.join(parent, `${PREFIX}${process.pid}-`));
}

export function removeWorkDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * A fresh folder for one conversion (the document, LibreOffice's profile, its home and its
 * output), removed with everything in it when `use` ends, however it ends.
 */
export async function withWorkDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = makeWorkDir();
  try {
    return await use(dir);
  } finally {
    removeWorkDir(dir);
  }
}
