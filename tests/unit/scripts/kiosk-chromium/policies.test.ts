import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kioskPolicies } from '../../../../scripts/kiosk-chromium/policies';

const DEPLOYED = path.resolve(import.meta.dirname, '../../../../docs/deploy/chromium-kiosk-policies.json');

describe('the Chromium kiosk\'s managed policies', () => {
  it('allow the application\'s origin and nothing else, and close downloads, developer tools and incognito', () => {
    const policies = kioskPolicies(new URL('https://apply.example.edu/about'));
    expect(policies).toMatchObject({
      URLBlocklist: ['*'],
      URLAllowlist: ['https://apply.example.edu', 'about:blank', expect.stringMatching(/^chrome-extension:\/\//)],
      DownloadRestrictions: 3,
      DeveloperToolsAvailability: 2,
      IncognitoModeAvailability: 1,
      PrintingEnabled: true,
      PrinterTypeDenyList: expect.arrayContaining(['pdf']),
    });
  });

  it('are what docs/deploy/ gives a campus, as valid JSON', () => {
    expect(JSON.parse(fs.readFileSync(DEPLOYED, 'utf8'))).toEqual(kioskPolicies(new URL('https://apply.example.edu')));
  });
});
