import { describe, expect, it, vi } from 'vitest';
import { addFallbackPolicy, SHELL_FALLBACK_CSP, withFallbackPolicy } from '../../../electron/security/content-security-policy';
import { denyAllPermissions, type PermissionSession } from '../../../electron/security/permissions';
import { FakeSession } from './fakes';

describe('permissions', () => {
  it('denies every permission request and check, devices and File System Access', () => {
    const session = new FakeSession();
    denyAllPermissions(session as unknown as PermissionSession);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (c: unknown, p: string, cb: (granted: boolean) => void) => void;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'fileSystem', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      request({}, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
    }
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean;
    for (const permission of ['media', 'geolocation', 'hid', 'usb', 'serial']) expect(check(null, permission, 'https://apply.example.edu')).toBe(false);
    expect((session.setDevicePermissionHandler.mock.calls[0]?.[0] as () => boolean)()).toBe(false);
    const callback = vi.fn();
    session.emit('file-system-access-restricted', {}, {}, callback);
    expect(callback).toHaveBeenCalledWith('deny');
  });
});

describe('content security policy', () => {
  it('leaves the backend policy alone', () => {
    const responseHeaders = { 'content-security-policy': ["default-src 'self'"] };
    expect(withFallbackPolicy({ resourceType: 'mainFrame', responseHeaders })).toBeUndefined();
  });

  it('gives a document without a policy a restrictive one that also forbids framing', () => {
    const headers = withFallbackPolicy({ resourceType: 'mainFrame', responseHeaders: { 'Content-Type': ['text/html'] } });
    expect(headers?.['Content-Security-Policy']).toEqual([SHELL_FALLBACK_CSP]);
    expect(SHELL_FALLBACK_CSP).toMatch(/default-src 'none'/);
    expect(SHELL_FALLBACK_CSP).toMatch(/frame-ancestors 'none'/);
    expect(withFallbackPolicy({ resourceType: 'subFrame', responseHeaders: {} })).toBeDefined();
  });

  it('adds nothing to scripts, images or API answers', () => {
    expect(withFallbackPolicy({ resourceType: 'xhr', responseHeaders: {} })).toBeUndefined();
    expect(withFallbackPolicy({ resourceType: 'script', responseHeaders: {} })).toBeUndefined();
  });

  it('is installed on the session response headers', () => {
    const session = new FakeSession();
    addFallbackPolicy(session as never);
    const listener = session.webRequest.onHeadersReceived.mock.calls[0]?.[0] as (d: unknown, cb: (r: unknown) => void) => void;
    const callback = vi.fn();
    listener({ resourceType: 'mainFrame', responseHeaders: {} }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [SHELL_FALLBACK_CSP] } });
    listener({ resourceType: 'image', responseHeaders: {} }, callback);
    expect(callback).toHaveBeenLastCalledWith({});
  });
});
