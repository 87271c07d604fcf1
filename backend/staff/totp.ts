import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { tenant } from '../../common/form/tenant';

/**
 * The second factor: RFC 6238 TOTP with the parameters every authenticator app reads (SHA-1, six
 * digits, 30-second steps), a 160-bit secret, and one step of tolerance either way for a phone's
 * clock. Each step is accepted once per account (the store keeps the last one).
 */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
export const TOTP_WINDOW_STEPS = 1;
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totp(secret: string, email = ''): TOTP {
  return new TOTP({ issuer: tenant.partner_name, label: email, secret: Secret.fromBase32(secret), ...TOTP_PARAMETERS });
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The URI as a QR code: an SVG image in a data: URL (the CSP allows data: images). */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step of the code if it is right at `now` (within the window), else null. */
export function totpStep(secret: string, code: string, now: number): number | null {
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : generator.counter({ timestamp: now }) + delta;
}
