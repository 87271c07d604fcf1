import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kioskChromiumFlags, removeStaleProfiles } from '../../../../scripts/kiosk-chromium/chromium-process';

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
});
