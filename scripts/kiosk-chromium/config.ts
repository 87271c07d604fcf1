import type { KioskSettings } from '../../common/shell-bridge';
import { flagReader, readAppUrl, readKioskSettings } from '../../common/shell-settings';

export interface ChromiumKioskConfig {
  appUrl: URL;
  kiosk: KioskSettings;
  chromiumPath: string;
  /** GRADAPP_CHROMIUM_FLAGS: the campus's own Chromium flags, after the kiosk's (a scale factor, a language). */
  chromiumFlags: string[];
  /** --policies: print the managed policies for this address and stop. */
  printPolicies: boolean;
}

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['app-url', 'idle-minutes', 'countdown-seconds', 'kiosk-printer-location', 'chromium'];
/** Flags that would open the browser to other programs or keep a profile beyond the applicant. */
const REFUSED_CHROMIUM_FLAGS = ['--remote-debugging-port', '--remote-debugging-address', '--user-data-dir', '--profile-directory'];

export const USAGE = `Usage: npm run kiosk:chromium -- <app URL> [--idle-minutes=5] [--countdown-seconds=60] [--kiosk-printer-location=TEXT] [--chromium=${DEFAULT_CHROMIUM}] | --policies <app URL>`;

/**
 * The Chromium kiosk launcher's settings, from its command line and environment, checked as the
 * Electron shell checks its own (common/shell-settings.ts): the application's address (first
 * argument, --app-url= or GRADAPP_APP_URL), the kiosk's times and printer location, and the
 * browser. Every problem is named at once.
 */
export function loadChromiumKioskConfig(argv: readonly string[], env: Record<string, string | undefined>): ChromiumKioskConfig {
  const flag = flagReader(argv);
  const problems: string[] = [];
  const positional = argv.filter((arg) => !arg.startsWith('--'));
  if (positional.length > 1) problems.push(`Give one application URL (got ${positional.map((arg) => `"${arg}"`).join(', ')}).`);
  const printPolicies = argv.includes('--policies');
  for (const arg of argv.filter((arg) => arg.startsWith('--') && arg !== '--policies')) {
    const name = arg.slice(2).split('=')[0]!;
    if (name === 'kiosk-printer') {
      problems.push(
        'The Chromium kiosk prints on the system\u2019s default printer: set it with `lpadmin -d <printer>` or the DefaultPrinterSelection policy, not --kiosk-printer.',
      );
    } else if (!FLAGS.includes(name) || !arg.includes('=')) {
      problems.push(`Unknown option "${arg}". ${USAGE}`);
    }
  }
  const appUrl = readAppUrl(positional[0] ?? flag('app-url') ?? env.GRADAPP_APP_URL, problems);
  const kiosk = readKioskSettings(flag, env, problems);
  const chromiumPath = flag('chromium') ?? env.GRADAPP_CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  const chromiumFlags = (env.GRADAPP_CHROMIUM_FLAGS ?? '').split(/\s+/).filter(Boolean);
  for (const chromiumFlag of chromiumFlags) {
    if (!chromiumFlag.startsWith('--') || REFUSED_CHROMIUM_FLAGS.includes(chromiumFlag.split('=')[0]!)) {
      problems.push(`GRADAPP_CHROMIUM_FLAGS may not hold "${chromiumFlag}": flags start with -- and may not name ${REFUSED_CHROMIUM_FLAGS.join(', ')}.`);
    }
  }
  if (problems.length > 0 || !appUrl) throw new Error(problems.join('\n'));
  return { appUrl, kiosk, chromiumPath, chromiumFlags, printPolicies };
}
