import type { Middleware } from 'koa';

/**
 * The policy the built renderer satisfies: no inline script, no third-party origins but the
 * object store's, where uploads are posted.
 */
export function contentSecurityPolicy(uploadOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // react-hot-toast injects its keyframes in a <style> element.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...uploadOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export function securityHeaders(options: { https: boolean; uploadOrigin: string | null }): Middleware {
  const policy = contentSecurityPolicy(options.uploadOrigin ? [options.uploadOrigin] : []);
  return async (ctx, next) => {
    ctx.set({
      'Content-Security-Policy': policy,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      // Reset links carry their id in the query string; never leak it to another site.
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    });
    await next();
  };
}
