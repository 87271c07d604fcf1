import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { cdpOverPipe, type CdpConnection } from './cdp-pipe';

/**
 * The flags of every kiosk Chromium (the campus adds its managed policies, docs/deploy/): full
 * screen without the browser's controls, silent printing on the default printer, the debugging
 * pipe the launcher drives it through, and nothing that asks the applicant a question of its own
 * (first run, translation, a restore bubble, a keyring password, a swipe back to the last page).
 */
export function kioskChromiumFlags(profileDir: string): string[] {
  return [
    '--kiosk',
    '--kiosk-printing',
    `--user-data-dir=${profileDir}`,
    '--remote-debugging-pipe',
    '--no-first-run',
    '--no-default-browser-check',
    '--noerrdialogs',
    '--disable-session-crashed-bubble',
    '--disable-features=Translate,TranslateUI,OverscrollHistoryNavigation,MediaRouter',
    '--overscroll-history-navigation=0',
    '--disable-pinch',
    '--touch-events=enabled',
    '--password-store=basic',
    '--disable-sync',
  ];
}

export interface ChromiumLaunch {
  chromiumPath: string;
  /** Added after the kiosk's own flags (a test's --no-sandbox or --remote-debugging-port). */
  extraArgs?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export interface KioskChromium {
  /** The throwaway profile (cookies, storage, cache, downloads): deleted by stop(). */
  profileDir: string;
  cdp: CdpConnection;
  /** Settles when the browser process has ended, for whatever reason. */
  exited: Promise<void>;
  /** Ends the browser and every process it started, then deletes its profile. */
  stop(): Promise<void>;
  /** Chromium's last lines on stderr, for an error report. */
  output(): string;
}

const PROFILE_PREFIX = 'gradapp-kiosk-';
const STOP_GRACE_MS = 5_000;
/** How long stop() waits for the processes that name the profile to end, 100 ms at a time. */
const STRAGGLER_ROUNDS = 30;

/**
 * The live processes whose command line names the profile: the browser's helpers, and those that
 * leave its process group (Chromium's crash handler starts a session of its own), which the
 * group's SIGKILL does not reach. A zombie's command line is empty: it is not counted.
 */
export async function processesNamingProfile(profileDir: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const commandLine = await fs.readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.split('\0').some((arg) => arg.includes(profileDir))) found.push(Number(name));
  }
  return found;
}

/** Ends every process that names the profile, and waits until none is left (or gives up after 3 s). */
async function endStragglers(profileDir: string): Promise<void> {
  for (let round = 0; round < STRAGGLER_ROUNDS; round += 1) {
    const left = await processesNamingProfile(profileDir);
    if (left.length === 0) return;
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Deletes the kiosk profiles a launcher that did not stop cleanly left in the temporary folder.
 * Only for a terminal's one launcher, before it starts: another running launcher's would go too.
 */
export async function removeStaleProfiles(tmpdir = os.tmpdir()): Promise<string[]> {
  const stale = (await fs.readdir(tmpdir)).filter((name) => name.startsWith(PROFILE_PREFIX)).map((name) => path.join(tmpdir, name));
  await Promise.all(stale.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  return stale;
}

/**
 * Starts Chromium on a fresh profile in a new temporary folder, showing a blank page. Anything
 * Chromium might save for the applicant (a download, a "Save as PDF" print) is pointed into the
 * profile, so that it goes with it.
 */
export async function launchKioskChromium(launch: ChromiumLaunch): Promise<KioskChromium> {
  const profileDir = await fs.mkdtemp(path.join(os.tmpdir(), PROFILE_PREFIX));
  const kept = path.join(profileDir, 'kept-by-chromium');
  await fs.mkdir(path.join(profileDir, 'Default'), { recursive: true });
  await fs.writeFile(
    path.join(profileDir, 'Default', 'Preferences'),
    JSON.stringify({ download: { default_directory: kept, prompt_for_download: false }, savefile: { default_directory: kept } }),
  );
  // Its own process group, so that stop() ends the browser's helpers (renderers, GPU, zygote) too.
  const child = spawn(launch.chromiumPath, [...kioskChromiumFlags(profileDir), ...(launch.extraArgs ?? []), 'about:blank'], {
    detached: true,
    env: launch.env ?? process.env,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(new Error(`${launch.chromiumPath} did not start (Debian's or Ubuntu's chromium package): ${error.message}`)));
  });
  try {
    await spawned;
  } catch (error) {
    await fs.rm(profileDir, { recursive: true, force: true });
    throw error;
  }
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group has ended already.
    }
  };
  let stopping: Promise<void> | undefined;
  return {
    profileDir,
    cdp: cdpOverPipe(child.stdio[3] as Writable, child.stdio[4] as Readable),
    exited,
    stop() {
      stopping ??= (async () => {
        signal('SIGTERM');
        const late = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(late);
        // The helpers may outlive the browser by a moment, and the crash handler is not in its group;
        // none may write into the profile after it is gone (it would come back with the applicant's files).
        signal('SIGKILL');
        await endStragglers(profileDir);
        await fs.rm(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      })();
      return stopping;
    },
    output: () => stderr,
  };
}
