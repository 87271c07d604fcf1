/**
 * What a journey needs of a browser, the same for every engine and protocol: Playwright (Chromium,
 * and Chromium as a phone), WebDriver BiDi through puppeteer-core (Firefox ESR) and classic
 * WebDriver (WebKitGTK). Elements are named by a CSS selector the in-page locator marked; every
 * action is the engine's own input (keys, clicks or taps, the file chooser's files).
 */
export interface EngineDriver {
  goto(url: string): Promise<void>;
  /**
   * Actions fail within a few seconds when their element has gone (the caller finds it again);
   * they never wait out the test.
   */
  /** Runs `functionSource` (a function expression, possibly async) in the page with one JSON argument. */
  evaluate<T>(functionSource: string, arg?: unknown): Promise<T>;
  /**
   * Types into the element as keystrokes, once the driver has focused it (as Tab would: a click in
   * the middle of a native date field lands on its day or year, not on its start).
   */
  type(selector: string, text: string): Promise<void>;
  /** Empties a text field, as select-all and delete would. */
  clear(selector: string): Promise<void>;
  /** A click with the mouse, or a tap on a touch screen. */
  activate(selector: string): Promise<void>;
  /** Picks the option with this visible text in a <select>. */
  choose(selector: string, optionText: string): Promise<void>;
  /** Gives a file input a file, as the file chooser would. */
  upload(selector: string, file: string): Promise<void>;
  pressKey(key: 'Escape' | 'Tab'): Promise<void>;
  url(): Promise<string>;
  close(): Promise<void>;
}

export type Engine = 'chromium' | 'phone' | 'firefox-esr' | 'webkitgtk';
