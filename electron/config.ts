/**
 * Shell configuration, read once from the command line and the environment (STYLE.md item 3).
 * The shells load the renderer from the hosted backend; they carry no server of their own.
 */
export type ShellMode = 'kiosk' | 'desktop';

export interface ShellConfig {
  mode: ShellMode;
  appUrl: URL;
}

export function loadShellConfig(argv: readonly string[], env: Record<string, string | undefined>): ShellConfig {
  const flag = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const mode = flag('mode') ?? env.GRADAPP_SHELL_MODE ?? 'kiosk';
  if (mode !== 'kiosk' && mode !== 'desktop') {
    throw new Error(`The shell mode must be kiosk or desktop (got "${mode}"). Use --mode=kiosk or --mode=desktop.`);
  }
  const rawUrl = flag('app-url') ?? env.GRADAPP_APP_URL;
  if (!rawUrl) {
    throw new Error('The application URL is missing. Start the shell with --app-url=https://apply.example.edu or set GRADAPP_APP_URL.');
  }
  let appUrl: URL;
  try {
    appUrl = new URL(rawUrl);
  } catch {
    throw new Error(`The application URL "${rawUrl}" is not a valid URL.`);
  }
  if (appUrl.protocol !== 'https:' && appUrl.protocol !== 'http:') {
    throw new Error(`The application URL must be http:// or https:// (got "${rawUrl}").`);
  }
  return { mode, appUrl };
}
