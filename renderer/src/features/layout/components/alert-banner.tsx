import { useState } from 'react';
import { tenant, type AlertBanner as AlertBannerConfig } from '../../../../../common/form/tenant';
import { ShortOnPhone } from './short-on-phone';

/** Form-content section 9: shown from its start (inclusive) until its end (exclusive). */
export function isAlertActive(banner: AlertBannerConfig | null, now: Date): banner is AlertBannerConfig {
  if (!banner) return false;
  const time = now.getTime();
  return Date.parse(banner.start) <= time && time < Date.parse(banner.end);
}

export function AlertBanner({ banner = tenant.alert_banner }: { banner?: AlertBannerConfig | null }) {
  // Read the clock once: the banner should not appear or vanish while someone is reading the page.
  const [now] = useState(() => new Date());
  if (!isAlertActive(banner, now)) return null;
  return (
    <div role="status" className="alert-banner">
      <ShortOnPhone summary={<p>{banner.message}</p>} />
    </div>
  );
}
