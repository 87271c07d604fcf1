import fs from 'node:fs';
import path from 'node:path';

/** Where to look when no PATH is set: execvp's default (confstr's _CS_PATH) and /usr/local/bin. */
const DEFAULT_SEARCH_PATH = ['/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);

/** The absolute path of an executable file of that name on the search path, or null. */
export function findProgram(name: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath || DEFAULT_SEARCH_PATH).split(path.delimiter)) {
    if (!path.isAbsolute(dir)) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not here: the next folder.
    }
  }
  return null;
}
