import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../backend/http/security-headers';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

const BIG_SCRIPT = Buffer.from(`console.log(${JSON.stringify('a compressible line of the application. '.repeat(200))});`);

describe('serving the built renderer', () => {
  let server: TestServer;
  let client: ApiClient;
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-renderer-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(rendererDir, 'assets'));
    fs.writeFileSync(
      path.join(rendererDir, 'index.html'),
      '<!doctype html><html><head><meta name="gradapp-cookie-prefix" content="gradapp-idp" /></head><body></body></html>',
    );
    fs.writeFileSync(path.join(rendererDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // As renderer/precompress.ts leaves a large file: brotli and gzip copies beside it.
    fs.writeFileSync(path.join(rendererDir, 'assets', 'big-5678.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(rendererDir, 'assets', 'big-5678.js.br'), zlib.brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(rendererDir, 'assets', 'big-5678.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(rendererDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(rendererDir, 'sw.js'), "self.addEventListener('fetch', () => undefined);");
    server = await startTestServer('sqlite', { env: { RENDERER_DIR: rendererDir, COOKIE_PREFIX: 'csu-idp' } });
    client = new ApiClient(server.baseUrl);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(rendererDir, { recursive: true, force: true });
  });

  it('answers every page path, known or not, with index.html carrying the cookie prefix and the CSP', async () => {
    for (const page of ['/', '/about', '/login', '/no/such/page?token=abc']) {
      const response = await client.get(page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.body).toContain('<meta name="gradapp-cookie-prefix" content="csu-idp" />');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year and answers a missing asset 404, not the page', async () => {
    const asset = await client.get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await client.get('/assets/missing.js')).status).toBe(404);
    expect((await client.get('/favicon.svg')).status).toBe(200);
  });

  it('serves the service worker from the root, to be checked again at every load (issue 17, item 8)', async () => {
    const worker = await client.get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect((await client.get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the compressed copies of the build to browsers that accept them, the file itself to others', async () => {
    const fetchWith = (encoding: string) => fetch(`${server.baseUrl}/assets/big-5678.js`, { headers: { 'accept-encoding': encoding } });
    const cases: [string, string | null][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ];
    for (const [accepted, sent] of cases) {
      const response = await fetchWith(accepted);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accepted).toBe(sent);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      // fetch undoes the encoding: every browser gets the same script.
      expect(Buffer.from(await response.arrayBuffer()).equals(BIG_SCRIPT)).toBe(true);
    }
    // A file the build did not compress goes out as it is.
    const small = await fetch(`${server.baseUrl}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log(1)');
  });

  it('never serves files outside the renderer folder', async () => {
    for (const attempt of ['/assets/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
      const response = await client.get(attempt);
      expect(String(response.body)).not.toContain('root:');
      expect(response.status).toBeLessThan(500);
    }
  });

  it('names the session cookies with the same configured prefix', async () => {
    const applicant = await loggedInApplicant(server);
    expect([...applicant.cookies.keys()].sort()).toEqual(['csu-idp.presence', 'csu-idp.session']);
    expect((await applicant.get('/api/profile')).status).toBe(200);
  });
});
