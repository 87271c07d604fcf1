import { backstopTimeoutMs, KIOSK_RESET_RETRY_MS, kioskStartUrl, startIdleBackstop } from '../../common/kiosk-reset';
import { shellChannels, type KioskSettings } from '../../common/shell-bridge';
import { launchKioskChromium, type ChromiumLaunch, type KioskChromium } from './chromium-process';
import { openKioskPage, type KioskPage } from './kiosk-page';
import { kioskPageScript } from './page-script';
import { printApplicationInChromium } from './print-application';

/** Why the kiosk was reset: the first start, the page's request, the backstop, a crash or an ended browser. */
export type KioskResetReason = 'start' | 'requested' | 'idle' | 'crashed' | 'exited';

export interface ChromiumKioskOptions extends ChromiumLaunch {
  appUrl: URL;
  kiosk: KioskSettings;
  /** Told of each fresh browser once its start page has loaded (the launcher's log, a test). */
  onReady?: (browser: KioskChromium, reason: KioskResetReason) => void;
  onError?: (message: string, error: unknown) => void;
}

export interface ChromiumKiosk {
  /** The browser on screen now. */
  current(): KioskChromium;
  /** Ends the browser and deletes its profile; the kiosk starts nothing after it. */
  stop(): Promise<void>;
}

/**
 * The campus kiosk in Debian's or Ubuntu's Chromium: it plays the Electron main process's part
 * with the same contract (common/shell-bridge.ts, common/kiosk-reset.ts). Every applicant gets a
 * browser on a fresh profile; a reset starts a new one first (a blank kiosk window over the old),
 * then ends the applicant's browser and deletes its profile (cookies, storage, cache, history,
 * the tab and its memory all go with it), then loads the start page. Resets come when the page
 * asks (logout, its "Still there?" countdown run out), from the idle backstop after the page's
 * whole sequence should have finished, when the page's renderer crashes, and when the browser
 * ends by itself; resets asked for together share one.
 */
export async function startChromiumKiosk(options: ChromiumKioskOptions): Promise<ChromiumKiosk> {
  const pageScript = await kioskPageScript(options.kiosk);
  const report = options.onError ?? ((message, error) => console.error(message, error));
  let current: KioskChromium | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const backstop = startIdleBackstop({ timeoutMs: backstopTimeoutMs(options.kiosk), onIdle: () => resetOrRetry('idle') });

  async function bringUp(): Promise<{ browser: KioskChromium; page: KioskPage }> {
    const browser = await launchKioskChromium(options);
    try {
      await browser.cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' });
      const page = await openKioskPage(browser.cdp, {
        appUrl: options.appUrl,
        pageScript,
        handlers: {
          // Retried like every other reset: the applicant's browser is gone whether or not the start page loads.
          [shellChannels.resetSession]: () => resetOrRetry('requested'),
          [shellChannels.printApplication]: (pdfUrl) => printApplicationInChromium(browser.cdp, options.appUrl, pdfUrl),
        },
        onActivity: backstop.noteActivity,
        onCrash: () => void resetOrRetry('crashed'),
      });
      void browser.exited.then(() => {
        if (browser === current && !stopped) void resetOrRetry('exited');
      });
      return { browser, page };
    } catch (error) {
      await browser.stop();
      throw new Error(`Chromium did not start as a kiosk: ${error instanceof Error ? error.message : String(error)}\n${browser.output()}`);
    }
  }

  function reset(reason: KioskResetReason): Promise<void> {
    // Once stopped, nothing starts a browser: ending the last one makes its page report a crash and
    // the browser its exit, and a browser started then would outlive the launcher (its own group).
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      backstop.disarm();
      const fresh = await bringUp();
      if (stopped) {
        await fresh.browser.stop();
        return;
      }
      const previous = current;
      current = fresh.browser;
      await previous?.stop();
      if (stopped) return;
      await fresh.page.navigate(kioskStartUrl(options.appUrl));
      options.onReady?.(fresh.browser, reason);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  // A reset that failed (the backend went away, Chromium would not start) has already ended the
  // applicant's browser; it is tried again until the start page loads.
  const resetOrRetry = (reason: KioskResetReason): Promise<void> =>
    reset(reason).catch((error: unknown) => {
      if (stopped) return;
      report('Kiosk reset failed; trying again shortly.', error);
      setTimeout(() => void resetOrRetry(reason), KIOSK_RESET_RETRY_MS);
    });

  try {
    await reset('start');
  } catch (error) {
    stopped = true;
    backstop.stop();
    await current?.stop();
    throw error;
  }
  return {
    current: () => current!,
    async stop() {
      stopped = true;
      backstop.stop();
      await running?.catch(() => undefined);
      await current?.stop();
    },
  };
}
