import { useId } from 'react';
import { presenceCookieName, sessionCookieName } from '../../../../../common/session-cookies';
import { tenant, type TenantConfig } from '../../../../../common/form/tenant';
import { appConfig } from '../../../config/app-config';
import { useAnalyticsOptOut } from '../../../state/analytics';

const browserHelp = [
  { name: 'Google Chrome', href: 'https://support.google.com/chrome/answer/95647' },
  { name: 'Mozilla Firefox', href: 'https://support.mozilla.org/kb/clear-cookies-and-site-data-firefox' },
  { name: 'Apple Safari', href: 'https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac' },
  { name: 'Microsoft Edge', href: 'https://support.microsoft.com/microsoft-edge/delete-cookies-in-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09' },
];

function AnalyticsOptOut({ description }: { description: string }) {
  const [optedOut, setOptedOut] = useAnalyticsOptOut();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Usage statistics</h3>
      <p>{description}</p>
      <div className="checkbox">
        <input id={id} type="checkbox" checked={optedOut} onChange={(event) => setOptedOut(event.target.checked)} />
        <label htmlFor={id}>Do not collect usage statistics about my visits</label>
      </div>
    </section>
  );
}

export function CookieNotice({ analytics = tenant.analytics }: { analytics?: TenantConfig['analytics'] }) {
  const prefix = appConfig.cookiePrefix;
  return (
    <>
      <p>
        This application uses only the cookies it needs to work. They hold no answers and are never shared
        with anyone else.
      </p>
      <h3>Cookies we use</h3>
      <dl className="cookie-list">
        <dt>{sessionCookieName(prefix)}</dt>
        <dd>
          Keeps you signed in. Scripts on the page cannot read it (it is HttpOnly). It ends when you log out or
          after a period of inactivity.
        </dd>
        <dt>{presenceCookieName(prefix)}</dt>
        <dd>Tells the page that you are signed in, so it can show your saved application. It holds no personal data.</dd>
      </dl>
      <h3>Managing cookies</h3>
      <p>Blocking these cookies signs you out. To see or delete cookies, follow your browser&apos;s help:</p>
      <ul>
        {browserHelp.map((browser) => (
          <li key={browser.name}>
            <a href={browser.href} target="_blank" rel="noreferrer">
              {browser.name} cookie help (opens in a new tab)
            </a>
          </li>
        ))}
      </ul>
      {analytics.enabled && <AnalyticsOptOut description={analytics.description} />}
      <p>
        <a href={tenant.links.privacy_policy} target="_blank" rel="noreferrer">
          Read the full {tenant.partner_name} privacy policy (opens in a new tab)
        </a>
      </p>
    </>
  );
}
