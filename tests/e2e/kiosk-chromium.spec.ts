import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { processesNamingProfile } from '../../scripts/kiosk-chromium/chromium-process';
import { chromiumLaunchOptions } from '../../scripts/support/chromium';
import { completeApplication } from '../../scripts/support/complete-application';
import { startVirtualDisplay } from '../../scripts/support/virtual-display';
import { confirmedAccount, expect, PASSWORD } from './support/fixtures';
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

test('the Chromium kiosk launcher prints a submitted application from the applicant\'s own session', async ({ baseURL, request }) => {
  test.setTimeout(120_000);
  const username = await confirmedAccount(request, baseURL!, 'kiosk-chromium-print');
  const at = (path: string) => new URL(path, baseURL).toString();
  const terminal = await LauncherTerminal.open(baseURL!, WALK_SETTINGS, { width: 1080, height: 1920 });
  try {
    const page = terminal.page;
    await page.goto(at('/login'));
    await page.getByLabel('Email').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await terminal.tap(page.getByRole('button', { name: 'Submit' }));
    await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
    const headers = { origin: baseURL! };
    expect((await page.request.put(at('/api/answer'), { data: completeApplication(), headers })).status()).toBe(200);
    expect((await page.request.post(at('/api/submit'), { headers: { ...headers, 'content-type': 'application/json' } })).status()).toBe(200);

    await page.goto(at('/completion'));
    const print = page.getByRole('button', { name: 'Print your application' });
    await expect(print).toBeEnabled({ timeout: 30_000 });
    await expect(print).toHaveAccessibleDescription(`Printouts come out at: ${WALK_SETTINGS.printerLocation}.`);
    // The launcher loads the PDF in a hidden tab of the applicant's browser (their cookie, a 200) and
    // prints it with --kiosk-printing; its answer is the page's notice. No printer here receives it.
    await terminal.tap(print);
    await expect(page.getByLabel('Print Notification')).toContainText('sent to the printer. Please collect it before you leave.');
    expect(terminal.page.context().pages()).toEqual([page]);
  } finally {
    await terminal.close();
  }
});

test('the Chromium kiosk launcher resets a crashed page at once, and a hung one by its idle backstop', async ({ baseURL }) => {
  test.setTimeout(120_000);
  // The backstop waits for the page's own sequence (idle and countdown) and 30 s more: 36 s here.
  const terminal = await LauncherTerminal.open(baseURL!, { idleMs: 5_000, countdownMs: 1_000 }, { width: 1920, height: 1080 });
  try {
    const crashed = terminal.nextReset();
    const cdp = await terminal.page.context().newCDPSession(terminal.page);
    void cdp.send('Page.crash').catch(() => undefined);
    await crashed;
    expect(terminal.resets).toEqual(['start', 'crashed']);
    expect(fs.existsSync(terminal.profiles[0]!)).toBe(false);

    // A visitor touches the start page (which arms the backstop), then the page hangs before its own
    // "Still there?" could open.
    const hung = terminal.nextReset();
    await terminal.tap(terminal.page.getByLabel('First Name', { exact: true }));
    const session = await terminal.page.context().newCDPSession(terminal.page);
    void session.send('Runtime.evaluate', { expression: 'for (;;) {}' }).catch(() => undefined);
    await hung;
    expect(terminal.resets).toEqual(['start', 'crashed', 'idle']);
    expect(fs.existsSync(terminal.profiles[1]!)).toBe(false);
  } finally {
    await terminal.close();
  }
});

test('npm run kiosk:chromium names a bad setting, starts the kiosk, and leaves no profile behind when stopped', async ({ baseURL }) => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  // Its own temporary folder: the command deletes stale kiosk profiles there at start, and the other
  // launcher tests' profiles are in the system's.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-command-'));
  fs.mkdirSync(path.join(tmp, 'gradapp-kiosk-left-by-a-killed-launcher'));
  const env = {
    ...process.env,
    TMPDIR: tmp,
    GRADAPP_CHROMIUM_PATH: chromiumLaunchOptions.executablePath!,
    GRADAPP_CHROMIUM_FLAGS: chromiumLaunchOptions.args!.filter((arg) => arg !== '--headless').join(' '),
  };
  const bad = spawnSync('npm', ['run', '-s', 'kiosk:chromium', '--', 'apply.example.edu', '--countdown-seconds=5'], { cwd: repoRoot, env, encoding: 'utf8' });
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('The application URL "apply.example.edu" is not a valid URL.');
  expect(bad.stderr).toContain('The kiosk countdown must be a whole number of seconds from 20 to 300 (got "5").');

  const display = await startVirtualDisplay({ width: 1920, height: 1080 });
  const child = spawn('npm', ['run', '-s', 'kiosk:chromium', '--', baseURL!, '--idle-minutes=2'], { cwd: repoRoot, env: { ...env, DISPLAY: display.display }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let output = '';
    const started = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const profile = /kiosk: started, fresh profile (\S+)/.exec(output)?.[1];
        if (profile) resolve(profile);
      });
      child.once('exit', (code) => reject(new Error(`kiosk:chromium exited with ${code}: ${output}`)));
    });
    // Only kiosk profiles count: Chromium and tsx keep folders of their own in TMPDIR.
    const profiles = () => fs.readdirSync(tmp).filter((name) => name.startsWith('gradapp-kiosk-'));
    expect(path.dirname(started)).toBe(tmp);
    expect(profiles()).toEqual([path.basename(started)]);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(profiles()).toEqual([]);
    // No browser of the kiosk outlives it (one would write its profile back).
    expect(await processesNamingProfile(tmp)).toEqual([]);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    // A browser left running must not turn a failure above into a cleanup error that hides it.
    for (const pid of await processesNamingProfile(tmp)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }
    display.stop();
    fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
  }
});
