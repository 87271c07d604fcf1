import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../backend/platform/config';

describe('backend configuration', () => {
  it('has defaults that serve on localhost:8080 with SQLite under ./data', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/app/data'),
      databaseUrl: null,
      publicUrl: 'http://localhost:8080',
      cookiePrefix: 'gradapp-idp',
      secureCookies: false,
      smtpUrl: null,
      adminApiKey: null,
    });
    expect(config.allowedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080']);
  });

  it('turns on Secure cookies for an https public URL and derives the allowed origin', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://apply.example.edu/' });
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe('https://apply.example.edu');
    expect(config.allowedOrigins).toContain('https://apply.example.edu');
  });

  it('names every bad setting at once', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud', ADMIN_API_KEY: 'short' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'LOG_LEVEL', 'ADMIN_API_KEY']) expect(message).toContain(name);
  });

  it('names the holder of the admin key by ADMIN_API_KEY_LABEL: unlabelled by default, 1 to 100 characters without quotes or controls', () => {
    expect(loadConfig({}).adminApiKeyLabel).toBe('unlabelled');
    expect(loadConfig({ ADMIN_API_KEY_LABEL: 'Registrar CRM (J. Smith)' }).adminApiKeyLabel).toBe('Registrar CRM (J. Smith)');
    for (const bad of ['say "hi"', 'tab\there', 'x'.repeat(101)]) expect(() => loadConfig({ ADMIN_API_KEY_LABEL: bad })).toThrow(/ADMIN_API_KEY_LABEL/);
  });

  it('sends from MAIL_FROM by default and takes MAIL_BOUNCE_ADDRESS, a plain address without a plus sign, for VERP', () => {
    expect(loadConfig({}).mailBounceAddress).toBeNull();
    expect(loadConfig({ MAIL_BOUNCE_ADDRESS: 'bounces@grad.example.edu' }).mailBounceAddress).toBe('bounces@grad.example.edu');
    for (const bad of ['bounces+x@grad.example.edu', 'Bounces <bounces@grad.example.edu>', 'bounces', 'a@b@c']) expect(() => loadConfig({ MAIL_BOUNCE_ADDRESS: bad })).toThrow(/MAIL_BOUNCE_ADDRESS/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, 10 by default, 1 to 200', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    for (const bad of ['0', '201', 'many']) expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("keeps idle connections 65 s by default, above a load balancer's 60, and takes KEEP_ALIVE_TIMEOUT_MS", () => {
    expect(loadConfig({}).keepAliveTimeoutMs).toBe(65_000);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '125000' }).keepAliveTimeoutMs).toBe(125_000);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('converts Word documents with LibreOffice where it is installed (DOCX_CONVERTER=auto), the built-in layout otherwise or when asked', () => {
    // No PATH: the default search path, where the test prerequisites put soffice.
    expect(loadConfig({}).docxConverter).toMatchObject({ name: 'libreoffice', programs: { soffice: '/usr/bin/soffice' } });
    expect(loadConfig({ DOCX_CONVERTER: 'libreoffice' }).docxConverter.name).toBe('libreoffice');
    expect(loadConfig({ DOCX_CONVERTER: 'builtin' }).docxConverter).toEqual({ name: 'builtin', reason: 'DOCX_CONVERTER=builtin' });
    const bare = loadConfig({ PATH: '/nonexistent' }).docxConverter;
    expect(bare).toEqual({ name: 'builtin', reason: expect.stringMatching(/LibreOffice is not installed/) });
  });

  it('refuses DOCX_CONVERTER=libreoffice without soffice, and any other value, naming the setting', () => {
    expect(() => loadConfig({ DOCX_CONVERTER: 'libreoffice', PATH: '/nonexistent' })).toThrow(/DOCX_CONVERTER is libreoffice, but LibreOffice is not installed \(no soffice on PATH/);
    expect(() => loadConfig({ DOCX_CONVERTER: 'word' })).toThrow(/DOCX_CONVERTER must be one of auto, libreoffice, builtin/);
  });

  it('runs every role with migrations on start and no metrics by default; ROLE, MIGRATE_ON_START and METRICS_TOKEN change that', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', migrateOnStart: true, metricsToken: null, shutdownGraceMs: 10_000 });
    const fleet = loadConfig({ ROLE: 'worker', MIGRATE_ON_START: 'false', METRICS_TOKEN: 'm'.repeat(32), SHUTDOWN_GRACE_MS: '3000' });
    expect(fleet).toMatchObject({ role: 'worker', migrateOnStart: false, metricsToken: 'm'.repeat(32), shutdownGraceMs: 3000 });
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/ROLE/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    expect(() => loadConfig({ MIGRATE_ON_START: 'sometimes' })).toThrow(/MIGRATE_ON_START/);
  });

  it('refuses allowed origins that are not origins', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://ok.example.edu,https://bad.example.edu/path' })).toThrow(/ALLOWED_ORIGINS/);
  });
});
