import type { ShellMode } from '../common/shell-bridge';
import { findDeepLink } from './desktop/deep-link';

/**
 * Shell configuration, read once from the command line and the environment (STYLE.md item 3).
 * The shells load the renderer from the hosted backend; they carry no server of their own.
 */
export interface ShellConfig {
  mode: ShellMode;
  appUrl: URL;
  /** Kiosk: wipe and return to the start page after this long without input. */
  kioskIdleMs: number;
  /** Kiosk: the printer the application PDF goes to; unset means the system's default printer. */
  kioskPrinter: string | undefined;
  /** Desktop: a service link given at launch (a gradapp:// link or `--open=`), opened first. */
  initialLink: string | undefined;
}

/** Shorter than the web's 15-minute inactivity logout: a kiosk is a shared, public machine. */
export const DEFAULT_KIOSK_IDLE_MINUTES = 5;
const MAX_KIOSK_IDLE_MINUTES = 14;

export function loadShellConfig(argv: readonly string[], env: Record<string, string | undefined>): ShellConfig {
  const flag = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
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

  const rawIdle = flag('idle-minutes') ?? env.GRADAPP_KIOSK_IDLE_MINUTES;
  const idleMinutes = rawIdle === undefined ? DEFAULT_KIOSK_IDLE_MINUTES : Number(rawIdle);
  if (!Number.isFinite(idleMinutes) || idleMinutes < 0.5 || idleMinutes > MAX_KIOSK_IDLE_MINUTES) {
    problems.push(
      `The kiosk idle time must be between 0.5 and ${MAX_KIOSK_IDLE_MINUTES} minutes (got "${rawIdle}"), shorter than the web's 15. Use --idle-minutes= or GRADAPP_KIOSK_IDLE_MINUTES.`,
    );
  }

  if (problems.length > 0 || !appUrl) throw new Error(problems.join('\n'));
  return {
    mode: mode as ShellMode,
    appUrl,
    kioskIdleMs: Math.round(idleMinutes * 60_000),
    kioskPrinter: flag('kiosk-printer') ?? env.GRADAPP_KIOSK_PRINTER ?? undefined,
    initialLink: flag('open') ?? deepLink,
  };
}

function readAppUrl(rawUrl: string | undefined, problems: string[]): URL | undefined {
  if (!rawUrl) {
    problems.push('The application URL is missing. Start the shell with --app-url=https://apply.example.edu or set GRADAPP_APP_URL.');
    return undefined;
  }
  let appUrl: URL;
  try {
    appUrl = new URL(rawUrl);
  } catch {
    problems.push(`The application URL "${rawUrl}" is not a valid URL.`);
    return undefined;
  }
  if (appUrl.protocol !== 'https:' && appUrl.protocol !== 'http:') {
    problems.push(`The application URL must be http:// or https:// (got "${rawUrl}").`);
    return undefined;
  }
  return appUrl;
}
