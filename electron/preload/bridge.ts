import {
  defaultKioskSettings,
  KIOSK_SETTINGS_ARGUMENT,
  kioskSettingsProblems,
  SHELL_MODE_ARGUMENT,
  type KioskSettings,
  type ShellMode,
} from '../../common/shell-bridge';

/** The mode the main process named in webPreferences.additionalArguments, read synchronously. */
export function readShellMode(argv: readonly string[]): ShellMode | undefined {
  const value = argv.find((arg) => arg.startsWith(SHELL_MODE_ARGUMENT))?.slice(SHELL_MODE_ARGUMENT.length);
  return value === 'kiosk' || value === 'desktop' ? value : undefined;
}

/**
 * The kiosk's settings the main process named (kioskSettingsArgument), checked; the defaults
 * when they are missing or do not fit the contract, so the page always gets usable times.
 */
export function readKioskSettings(argv: readonly string[]): KioskSettings {
  const raw = argv.find((arg) => arg.startsWith(KIOSK_SETTINGS_ARGUMENT))?.slice(KIOSK_SETTINGS_ARGUMENT.length);
  try {
    const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
    if (kioskSettingsProblems(parsed).length > 0) return defaultKioskSettings;
    const { idleMs, countdownMs, printerLocation } = parsed as KioskSettings;
    return { idleMs, countdownMs, ...(printerLocation === undefined ? {} : { printerLocation }) };
  } catch {
    return defaultKioskSettings;
  }
}
