import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const electronDir = path.join(root, 'electron');

function electronSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return electronSources(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

/** electron/tsconfig.json: the main process and preload against electron.d.ts, no DOM, no Vite. */
function electronCompilerOptions(): ts.CompilerOptions {
  const configFile = path.join(electronDir, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, electronDir);
  return { ...parsed.options, noEmit: true };
}

function diagnostics(files: string[], extra?: { name: string; text: string }): string[] {
  const options = electronCompilerOptions();
  const host = ts.createCompilerHost(options);
  if (extra) {
    const readFile = host.readFile;
    const getSourceFile = host.getSourceFile;
    host.readFile = (name) => (name === extra.name ? extra.text : readFile(name));
    host.fileExists = ((exists) => (name: string) => name === extra.name || exists(name))(host.fileExists);
    host.getSourceFile = (name, language, ...rest) =>
      name === extra.name ? ts.createSourceFile(name, extra.text, language) : getSourceFile(name, language, ...rest);
  }
  const program = ts.createProgram(extra ? [...files, extra.name] : files, options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.relative(root, diagnostic.file.fileName)}: ` : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

describe('electron/ against Electron type definitions', () => {
  it('resolves "electron" to the installed electron.d.ts', () => {
    const resolved = ts.resolveModuleName('electron', path.join(electronDir, 'index.ts'), electronCompilerOptions(), ts.sys);
    expect(resolved.resolvedModule?.resolvedFileName).toBe(path.join(root, 'node_modules/electron/electron.d.ts'));
  });

  it('type-checks every main-process and preload module with zero diagnostics', { timeout: 60_000 }, () => {
    const files = electronSources(electronDir);
    expect(files).toContain(path.join(electronDir, 'app-shell.ts'));
    expect(diagnostics(files)).toEqual([]);
  });

  it('would catch a misspelt BrowserWindow option', { timeout: 60_000 }, () => {
    const probe = {
      name: path.join(electronDir, '__probe__.ts'),
      text: [
        "import type { BrowserWindowConstructorOptions } from 'electron';",
        "export const options: BrowserWindowConstructorOptions = { webPreferences: { contextIsolaton: true } };",
      ].join('\n'),
    };
    expect(diagnostics([], probe).join('\n')).toMatch(/contextIsolaton/);
  });
});
