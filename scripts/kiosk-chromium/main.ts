import { removeStaleProfiles } from './chromium-process';
import { loadChromiumKioskConfig } from './config';
import { kioskPolicies } from './policies';
import { startChromiumKiosk } from './start-chromium-kiosk';

// npm run kiosk:chromium -- <app URL>: the campus kiosk in the system's Chromium (README, "Kiosk").
// Exit status 2 for a bad setting, 1 when the kiosk could not start; stop it with SIGTERM or SIGINT.
let config;
try {
  config = loadChromiumKioskConfig(process.argv.slice(2), process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

if (config.printPolicies) {
  console.log(JSON.stringify(kioskPolicies(config.appUrl), null, 2));
  process.exit(0);
}

try {
  // A launcher that was killed (or a power cut) leaves the last applicant's profile behind; Chromium
  // itself ends with the launcher, when its DevTools pipe closes.
  await removeStaleProfiles();
  const kiosk = await startChromiumKiosk({
    ...config,
    extraArgs: config.chromiumFlags,
    onReady: (browser, reason) => console.log(`kiosk: ${reason === 'start' ? 'started' : `reset (${reason})`}, fresh profile ${browser.profileDir}`),
  });
  const stop = () => void kiosk.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
