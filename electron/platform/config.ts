import type { KioskSettings, ShellMode } from '../../common/shell-bridge';
import { flagReader, readAppUrl, readKioskSettings } from '../../common/shell-settings';
import { findDeepLink } from './deep-link';

/**
 * Shell configuration, read once from the command line and the environment (STYLE.md item 3).
 * The shells load the renderer from the hosted backend; they carry no server of their own.
 */
export interface ShellConfig {
  mode: ShellMode;
  appUrl: URL;
  /** Kiosk: when the "Still there?" dialog opens, how long it counts down, where the printer is. */
  kiosk: KioskSettings;
  /** Kiosk: the printer the application PDF goes to; unset means the system's default printer. */
  kioskPrinter: string | undefined;
  /** Desktop: a service link given at launch (a gradapp:// link or `--open=`), opened first. */
  initialLink: string | undefined;
}

export function loadShellConfig(argv: readonly string[], env: Record<string, string | undefined>): ShellConfig {
  const flag = flagReader(argv);
  const problems: string[] = [];

  const deepLink = findDeepLink(argv);
  // A gradapp:// link is only ever meant for the staff viewer, so it implies desktop mode when
  // nothing else names the mode (the operating system launches the shell with the link alone).
  // A package built as a kiosk stays a kiosk whatever link it is started with.
  const mode = flag('mode') ?? env.GRADAPP_SHELL_MODE ?? (env.GRADAPP_BUILT_IN_MODE || (deepLink ? 'desktop' : 'kiosk'));
  if (mode !== 'kiosk' && mode !== 'desktop') {
    problems.push(`The shell mode must be kiosk or desktop (got "${mode}"). Use --mode=kiosk or --mode=desktop.`);
  }

  // A packaged shell started by the operating system (a gradapp:// link, a menu entry) has no
  // flags: it falls back to what was built in when it was packaged (build/compile-electron.mjs).
  const appUrl = readAppUrl(flag('app-url') ?? env.GRADAPP_APP_URL ?? (env.GRADAPP_BUILT_IN_APP_URL || undefined), problems);

  const kiosk = readKioskSettings(flag, env, problems);

  if (problems.length > 0 || !appUrl) throw new Error(problems.join('\n'));
  return {
    mode: mode as ShellMode,
    appUrl,
    kiosk,
    kioskPrinter: flag('kiosk-printer') ?? env.GRADAPP_KIOSK_PRINTER ?? undefined,
    initialLink: flag('open') ?? deepLink,
  };
}
