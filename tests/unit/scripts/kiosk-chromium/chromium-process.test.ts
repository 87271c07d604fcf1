import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kioskChromiumFlags, launchKioskChromium, processesNamingProfile, removeStaleProfiles } from '../../../../scripts/kiosk-chromium/chromium-process';

describe('the kiosk Chromium\'s process', () => {
  it('runs in kiosk mode on the given profile, printing silently, driven through a pipe, not a port', () => {
    const flags = kioskChromiumFlags('/tmp/gradapp-kiosk-x');
    expect(flags).toEqual(expect.arrayContaining(['--kiosk', '--kiosk-printing', '--user-data-dir=/tmp/gradapp-kiosk-x', '--remote-debugging-pipe', '--no-first-run']));
    expect(flags.filter((flag) => flag.startsWith('--remote-debugging-port'))).toEqual([]);
  });

  it('removes the profiles a launcher that did not stop cleanly left behind, and nothing else', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-stale-'));
    fs.mkdirSync(path.join(tmp, 'gradapp-kiosk-abc', 'Default'), { recursive: true });
    fs.mkdirSync(path.join(tmp, 'other'));
    expect(await removeStaleProfiles(tmp)).toEqual([path.join(tmp, 'gradapp-kiosk-abc')]);
    expect(fs.readdirSync(tmp)).toEqual(['other']);
    fs.rmSync(tmp, { recursive: true });
  });

  it('ends a helper that left the browser\'s process group before deleting the profile, so nothing writes it back', async () => {
    // A stand-in browser: its helper starts a session of its own (as Chromium's crash handler does)
    // and keeps writing into the profile; the browser itself ends on SIGTERM.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-fake-'));
    const browser = path.join(dir, 'chromium');
    fs.writeFileSync(
      browser,
      [
        '#!/bin/sh',
        'for arg in "$@"; do case "$arg" in --user-data-dir=*) profile="${arg#--user-data-dir=}";; esac; done',
        'setsid sh -c \'while :; do mkdir -p "$0/Default" && date > "$0/Default/written-late"; sleep 0.02; done\' "$profile" &',
        'trap "exit 0" TERM',
        'while :; do sleep 0.05; done',
      ].join('\n'),
      { mode: 0o755 },
    );
    const kiosk = await launchKioskChromium({ chromiumPath: browser });
    try {
      await expect.poll(() => fs.existsSync(path.join(kiosk.profileDir, 'Default', 'written-late'))).toBe(true);
      expect(await processesNamingProfile(kiosk.profileDir)).toHaveLength(2);
      await kiosk.stop();
      expect(await processesNamingProfile(kiosk.profileDir)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fs.existsSync(kiosk.profileDir)).toBe(false);
    } finally {
      // A failed stop must not leave the writing helper behind.
      for (const pid of await processesNamingProfile(kiosk.profileDir)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended meanwhile.
        }
      }
      fs.rmSync(kiosk.profileDir, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true });
    }
  });
});
