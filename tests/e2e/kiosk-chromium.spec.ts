import fs from 'node:fs';
import { test } from '@playwright/test';
import { expect } from './support/fixtures';
import { LauncherTerminal } from './support/kiosk-launcher-terminal';
import { walkTwoApplicants, WALK_SETTINGS } from './support/kiosk-walk';

/**
 * The campus kiosk as a Linux terminal runs it without Electron: `npm run kiosk:chromium`'s
 * launcher (scripts/kiosk-chromium) with Debian's Chromium in --kiosk mode on a virtual touch
 * screen, the same two applicants as kiosk.spec.ts walks with the test's bridge. The launcher
 * provides the bridge and the reset: a new browser on a fresh profile, the applicant's deleted.
 */

for (const screen of [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
]) {
  test(`the Chromium kiosk launcher on a ${screen.name} touch screen, ${screen.width} by ${screen.height}: two applicants, a fresh profile for B`, async ({ baseURL, playwright }) => {
    test.setTimeout(150_000);
    const terminal = await LauncherTerminal.open(baseURL!, WALK_SETTINGS, screen);
    try {
      // The kiosk covers the screen it is given, with no browser controls above the page (on X
      // without a window manager, as here, Chromium keeps a window one pixel short of the screen).
      const [width, height, screenWidth, screenHeight] = await terminal.page.evaluate(() => [innerWidth, innerHeight, screen.width, screen.height]);
      expect([screenWidth, screenHeight]).toEqual([screen.width, screen.height]);
      expect(width).toBeGreaterThanOrEqual(screen.width - 1);
      expect(height).toBeGreaterThanOrEqual(screen.height - 1);
      await walkTwoApplicants(terminal, baseURL!, playwright);

      // A's profile folder was deleted at the reset; B's browser runs on a new one.
      expect(terminal.resets).toEqual(['start', 'requested']);
      const [aProfile, bProfile] = terminal.profiles;
      expect(aProfile).not.toBe(bProfile);
      expect(fs.existsSync(aProfile!)).toBe(false);
      expect(fs.existsSync(bProfile!)).toBe(true);
    } finally {
      await terminal.close();
    }
    // Stopping the kiosk leaves no profile behind either.
    expect(terminal.profiles.filter((profile) => fs.existsSync(profile))).toEqual([]);
  });
}
