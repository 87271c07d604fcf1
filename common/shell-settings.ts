import {
  DEFAULT_KIOSK_COUNTDOWN_MS,
  DEFAULT_KIOSK_IDLE_MS,
  KIOSK_PRINTER_LOCATION_MAX,
  KIOSK_TOTAL_MAX_MS,
  isKioskPrinterLocation,
  type KioskSettings,
} from './shell-bridge';

/**
 * The settings both kiosk shells read from their command line and environment (the Electron
 * shell, electron/platform/config.ts; the Chromium launcher, scripts/kiosk-chromium/config.ts), checked
 * alike and named alike. Each problem is added to `problems`, so a shell names every bad setting
 * at once.
 */

/** A flag's value (`--name=value`), or undefined when it is not given. */
export type FlagReader = (name: string) => string | undefined;

export function flagReader(argv: readonly string[]): FlagReader {
  return (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/**
 * Shorter than the web's 15-minute inactivity logout (a kiosk is a shared, public machine), and
 * with idle time and countdown together under it. The countdown gives at least the 20 seconds of
 * WCAG 2.2.1 to answer "I'm still here".
 */
const MIN_KIOSK_IDLE_MINUTES = 0.5;
const MIN_KIOSK_COUNTDOWN_SECONDS = 20;
const MAX_KIOSK_COUNTDOWN_SECONDS = 300;

export function readAppUrl(rawUrl: string | undefined, problems: string[]): URL | undefined {
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

export function readKioskSettings(flag: FlagReader, env: Record<string, string | undefined>, problems: string[]): KioskSettings {
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
