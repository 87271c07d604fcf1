import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../backend/platform/config';
import { tenant } from '../../../common/form/tenant';

describe('the production flag setting (PRODUCTION_ENVIRONMENT)', () => {
  it("defaults to the tenant's production flag and takes true or false from the environment", () => {
    expect(loadConfig({}, '/srv').productionFlag).toBe(tenant.production);
    expect(loadConfig({ PRODUCTION_ENVIRONMENT: 'false' }, '/srv').productionFlag).toBe(false);
    expect(loadConfig({ PRODUCTION_ENVIRONMENT: 'true' }, '/srv').productionFlag).toBe(true);
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig({ PRODUCTION_ENVIRONMENT: 'maybe' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ PRODUCTION_ENVIRONMENT: 'maybe' }, '/srv')).toThrow(/PRODUCTION_ENVIRONMENT must be true or false/);
  });
});
