// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { tenant } from '../../../../common/form/tenant';
import { readAppConfig } from '../../../../renderer/src/config/app-config';

function page(metas: Record<string, string>): Document {
  const doc = document.implementation.createHTMLDocument('app');
  for (const [name, content] of Object.entries(metas)) {
    const meta = doc.createElement('meta');
    meta.name = name;
    meta.content = content;
    doc.head.appendChild(meta);
  }
  return doc;
}

describe('the renderer configuration from index.html', () => {
  it('falls back to the spec defaults without the meta tags', () => {
    expect(readAppConfig(page({}))).toEqual({
      cookiePrefix: 'gradapp-idp',
      inactivity: { timeoutMs: 900_000, warningMs: 60_000 },
      production: tenant.production,
    });
    expect(readAppConfig(undefined).inactivity).toEqual({ timeoutMs: 900_000, warningMs: 60_000 });
  });

  it('reads the inactivity times the backend wrote', () => {
    const config = readAppConfig(page({ 'gradapp-inactivity-timeout-ms': '120000', 'gradapp-inactivity-warning-ms': '30000' }));
    expect(config.inactivity).toEqual({ timeoutMs: 120_000, warningMs: 30_000 });
  });

  it('refuses times that are not whole milliseconds, or a warning not shorter than the timeout', () => {
    expect(() => readAppConfig(page({ 'gradapp-inactivity-timeout-ms': 'soon' }))).toThrow(/INACTIVITY_TIMEOUT_MS/);
    expect(() => readAppConfig(page({ 'gradapp-inactivity-timeout-ms': '60000', 'gradapp-inactivity-warning-ms': '60000' }))).toThrow(
      /must be shorter than INACTIVITY_TIMEOUT_MS/,
    );
  });

  it('reads the production flag the backend wrote, and refuses anything but true or false', () => {
    expect(readAppConfig(page({ 'gradapp-production': 'false' })).production).toBe(false);
    expect(readAppConfig(page({ 'gradapp-production': 'true' })).production).toBe(true);
    expect(() => readAppConfig(page({ 'gradapp-production': 'yes please' }))).toThrow(/PRODUCTION_ENVIRONMENT/);
  });
});
