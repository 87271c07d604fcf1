import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once,
 * at the highest levels: the backend's koa-send serves them to browsers that accept them, so a
 * visitor downloads about a third of the bytes with no compression work per request. index.html
 * is left out: the backend rewrites it at start and sends it itself.
 */
export function precompress(): Plugin {
  return {
    name: 'gradapp-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
