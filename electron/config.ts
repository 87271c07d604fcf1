import {
  DEFAULT_KIOSK_COUNTDOWN_MS,
  DEFAULT_KIOSK_IDLE_MS,
  KIOSK_PRINTER_LOCATION_MAX,
  KIOSK_TOTAL_MAX_MS,
  isKioskPrinterLocation,
  type KioskSettings,
  type ShellMode,
} from '../common/shell-bridge';
import { findDeepLink } from './desktop/deep-link';

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

/**
 * Shorter than the web's 15-minute inactivity logout (a kiosk is a shared, public machine), and
 * with idle time and countdown together under it. The countdown gives at least the 20 seconds of
 * WCAG 2.2.1 to answer "I'm still here".
 */
const MIN_KIOSK_IDLE_MINUTES = 0.5;
const MIN_KIOSK_COUNTDOWN_SECONDS = 20;
const MAX_KIOSK_COUNTDOWN_SECONDS = 300;

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

function readKioskSettings(flag: (name: string) => string | undefined, env: Record<string, string | undefined>, problems: string[]): KioskSettings {
  const maxMinutes = KIOSK_TOTAL_MAX_MS / 60_000;
  const rawIdle = flag('idle-minutes') ?? env.GRADAPP_KIOSK_IDLE_MINUTES;
  const idleMinutes = rawIdle === undefined ? DEFAULT_KIOSK_IDLE_MS / 60_000 : Number(rawIdle);
  const idleOk = rawIdle?.trim() !== '' && Number.isFinite(idleMinutes) && idleMinutes >= MIN_KIOSK_IDLE_MINUTES && idleMinutes < maxMinutes;
  if (!idleOk) {
    problems.push(
      `The kiosk idle time must be from ${MIN_KIOSK_IDLE_MINUTES} to under ${maxMinutes} minutes (got "${rawIdle}"), shorter than the web's 15. Use --idle-minutes= or GRADAPP_KIOSK_IDLE_MINUTES.`,
    );
  }
  const rawCountdown = flag('countdown-seconds') ?? env.GRADAPP_KIOSK_COUNTDOWN_SECONDS;
  const countdownSeconds = rawCountdown === undefined ? DEFAULT_KIOSK_COUNTDOWN_MS / 1_000 : Number(rawCountdown);
  const countdownOk =
    rawCountdown?.trim() !== '' &&
    Number.isInteger(countdownSeconds) &&
    countdownSeconds >= MIN_KIOSK_COUNTDOWN_SECONDS &&
    countdownSeconds <= MAX_KIOSK_COUNTDOWN_SECONDS;
  if (!countdownOk) {
    problems.push(
      `The kiosk countdown must be a whole number of seconds from ${MIN_KIOSK_COUNTDOWN_SECONDS} to ${MAX_KIOSK_COUNTDOWN_SECONDS} (got "${rawCountdown}"). Use --countdown-seconds= or GRADAPP_KIOSK_COUNTDOWN_SECONDS.`,
    );
  }
  const rawLocation = flag('kiosk-printer-location') ?? env.GRADAPP_KIOSK_PRINTER_LOCATION;
  const settings: KioskSettings = {
    idleMs: Math.round(idleMinutes * 60_000),
    countdownMs: countdownSeconds * 1_000,
    ...(rawLocation === undefined ? {} : { printerLocation: rawLocation.trim() }),
  };
  if (idleOk && countdownOk && settings.idleMs + settings.countdownMs > KIOSK_TOTAL_MAX_MS) {
    problems.push(`The kiosk idle time and countdown together must stay within ${maxMinutes} minutes, under the web's 15.`);
  }
  if (rawLocation !== undefined && !isKioskPrinterLocation(settings.printerLocation)) {
    problems.push(
      `The kiosk printer location must be text of 1 to ${KIOSK_PRINTER_LOCATION_MAX} characters (got "${rawLocation}"). Use --kiosk-printer-location= or GRADAPP_KIOSK_PRINTER_LOCATION.`,
    );
  }
  return settings;
}
