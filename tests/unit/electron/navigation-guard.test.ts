import { describe, expect, it, vi } from 'vitest';
import { isAppOrigin } from '../../../electron/security/app-origin';
import { isAllowedFrameTarget, lockToAppOrigin, PDF_VIEWER_ORIGIN, type GuardedContents } from '../../../electron/security/navigation-guard';
import { FakeWebContents } from './fakes';

const appUrl = new URL('https://apply.example.edu/about');

const refused = [
  'https://evil.example/',
  'https://apply.example.edu.evil.example/',
  'http://apply.example.edu/',
  'https://apply.example.edu:8443/',
  'file:///etc/passwd',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://apply.example.edu/1234',
  'mailto:admissions@example.edu',
  'not a url',
  '',
];

function navigate(contents: FakeWebContents, event: 'will-frame-navigate' | 'will-redirect', url: string, isMainFrame = true): boolean {
  const preventDefault = vi.fn();
  contents.emit(event, { url, isMainFrame, preventDefault });
  return preventDefault.mock.calls.length === 0;
}

describe('navigation guard', () => {
  it('knows the application origin and nothing else', () => {
    expect(isAppOrigin('https://apply.example.edu/login', appUrl)).toBe(true);
    for (const url of refused) expect(isAppOrigin(url, appUrl), url).toBe(false);
  });

  it('lets the page navigate and redirect on the application origin', () => {
    const contents = new FakeWebContents();
    lockToAppOrigin(contents as unknown as GuardedContents, appUrl);
    expect(navigate(contents, 'will-frame-navigate', 'https://apply.example.edu/form/about-you')).toBe(true);
    expect(navigate(contents, 'will-redirect', 'https://apply.example.edu/login')).toBe(true);
  });

  it.each(refused)('refuses navigation and redirects to %j', (url) => {
    const contents = new FakeWebContents();
    lockToAppOrigin(contents as unknown as GuardedContents, appUrl);
    expect(navigate(contents, 'will-frame-navigate', url)).toBe(false);
    expect(navigate(contents, 'will-frame-navigate', url, false)).toBe(false);
    expect(navigate(contents, 'will-redirect', url)).toBe(false);
  });

  it('denies window.open and target=_blank, whatever the address, and opens nothing outside', () => {
    const contents = new FakeWebContents();
    lockToAppOrigin(contents as unknown as GuardedContents, appUrl);
    expect(contents.windowOpenHandler?.({ url: 'https://apply.example.edu/api/pdf/file/1' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://www.example.com/' })).toEqual({ action: 'deny' });
  });

  it('refuses <webview> tags', () => {
    const contents = new FakeWebContents();
    lockToAppOrigin(contents as unknown as GuardedContents, appUrl);
    const preventDefault = vi.fn();
    contents.emit('will-attach-webview', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });

  it('allows the built-in PDF viewer only as a child frame', () => {
    expect(isAllowedFrameTarget(`${PDF_VIEWER_ORIGIN}/index.html`, false, appUrl)).toBe(true);
    expect(isAllowedFrameTarget(`${PDF_VIEWER_ORIGIN}/index.html`, true, appUrl)).toBe(false);
    expect(isAllowedFrameTarget('chrome-extension://another/index.html', false, appUrl)).toBe(false);
  });
});
