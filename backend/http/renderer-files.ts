import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { isServerPath } from '../../common/api';
import { COOKIE_PREFIX_META } from '../../common/session-cookies';
import { INACTIVITY_TIMEOUT_META, INACTIVITY_WARNING_META, type InactivitySettings } from '../../common/inactivity';
import { PRODUCTION_FLAG_META } from '../../common/production-flag';
import { HttpError } from './errors';

/** Where the build writes the service worker (renderer/vite.config.ts). */
const SERVICE_WORKER_PATH = '/sw.js';


/**
 * Serves the built renderer. Hashed assets are cached for a year; any other GET that is not an
 * API call gets index.html, whose router sends unknown paths to /about with the query string
 * (spec platform section 2). The configured cookie prefix, inactivity durations and production
 * flag are written into index.html once. Files the build compressed (renderer/precompress.ts) go out as brotli or
 * gzip to browsers that accept it.
 */
interface RendererSettings {
  rendererDir: string;
  cookiePrefix: string;
  inactivity?: InactivitySettings;
  productionFlag?: boolean;
}

export function rendererFiles(options: RendererSettings): Middleware {
  const indexHtml = readIndex(options);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServerPath(ctx.path)) {
      return next();
    }
    // Named for the request metrics, whose route label must never be a raw path.
    ctx.state.rendererFile = true;
    if (ctx.path.startsWith('/assets/')) {
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.vary('Accept-Encoding');
      try {
        await send(ctx, ctx.path, { root: options.rendererDir, index: false });
      } catch {
        throw new HttpError(404, 'Not found.');
      }
      return;
    }
    const file = safeFile(options.rendererDir, ctx.path);
    if (file && path.basename(file) !== 'index.html') {
      // The service worker is checked at every load, so a new build's reaches every browser at once.
      ctx.set('Cache-Control', ctx.path === SERVICE_WORKER_PATH ? 'no-cache' : 'public, max-age=3600');
      ctx.vary('Accept-Encoding');
      await send(ctx, ctx.path, { root: options.rendererDir, index: false });
      return;
    }
    if (indexHtml === null) {
      throw new HttpError(503, 'The application has not been built yet. Run `npm run build` and restart the server.');
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    ctx.body = indexHtml;
  };
}

function readIndex({ rendererDir, cookiePrefix, inactivity, productionFlag }: RendererSettings): string | null {
  const file = path.join(rendererDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  let html = setMeta(fs.readFileSync(file, 'utf8'), COOKIE_PREFIX_META, cookiePrefix);
  if (inactivity) {
    html = setMeta(html, INACTIVITY_TIMEOUT_META, String(inactivity.timeoutMs));
    html = setMeta(html, INACTIVITY_WARNING_META, String(inactivity.warningMs));
  }
  if (productionFlag !== undefined) html = setMeta(html, PRODUCTION_FLAG_META, String(productionFlag));
  return html;
}

function setMeta(html: string, name: string, value: string): string {
  const meta = new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`);
  return meta.test(html) ? html.replace(meta, `$1${value}$2`) : html;
}

/** A regular file inside the folder for this URL path, or null. */
function safeFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const resolved = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (!resolved.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(resolved).isFile() ? resolved : null;
  } catch {
    return null;
  }
}
