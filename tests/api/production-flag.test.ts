import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

/** The built index.html carries the tag with the tenant's value; the server writes its own setting over it. */
const INDEX_HTML = '<!doctype html><html><head><meta name="gradapp-production" content="true" /></head><body></body></html>';

describe.each([
  { setting: 'false', served: 'false' },
  { setting: 'on', served: 'true' },
])('the production flag PRODUCTION_ENVIRONMENT=$setting in the served index.html', ({ setting, served }) => {
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-renderer-'));
  let server: TestServer;

  beforeAll(async () => {
    fs.writeFileSync(path.join(rendererDir, 'index.html'), INDEX_HTML);
    server = await startTestServer('sqlite', { env: { RENDERER_DIR: rendererDir, PRODUCTION_ENVIRONMENT: setting } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(rendererDir, { recursive: true, force: true });
  });

  it(`is ${served}`, async () => {
    const page = await new ApiClient(server.baseUrl).get('/final-steps');
    expect(page.body).toContain(`<meta name="gradapp-production" content="${served}" />`);
  });
});
