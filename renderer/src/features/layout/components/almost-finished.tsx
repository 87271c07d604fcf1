import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { tenant } from '../../../../../common/form/tenant';
import { APPLICANT_NAME_KEYS, greetingName } from '../../../../../common/form/applicant-name';
import { useAnswers } from '../../answers/typed-answers';
import { isLoggedInAtom } from '../../../state/session';
import { isKioskAtom } from '../../../state/shell';
import { ShortOnPhone } from './short-on-phone';

/**
 * The 'Almost finished' panel (spec platform section 2): only for a logged-in applicant, greeting
 * by preferred name, else first name, in upper case, with the steps that follow submission.
 * `download` is the control that downloads or prints the application, shown with its step (the
 * campus kiosk only prints: nothing may be saved on it). Above a form page it is one line on a
 * phone that opens the steps (`shortOnPhone`); on /completion the steps are the page.
 */
export function AlmostFinished({ download, shortOnPhone = false }: { download?: ReactNode; shortOnPhone?: boolean }) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const name = greetingName(useAnswers(APPLICANT_NAME_KEYS));
  const isKiosk = useAtomValue(isKioskAtom);
  if (!isLoggedIn) return null;
  const title = (
    <h2 id="almost-finished-title" className="banner__title">
      {name ? `${name.toUpperCase()}, you're almost finished!` : "You're almost finished!"}
    </h2>
  );
  const steps = (
    <ol className="steps">
      <li>
        {isKiosk ? 'Print' : 'Download or print'} a copy of your application for your records.
        {download}
      </li>
      <li>
        Pay the application fee: <a href={tenant.links.pay_now}>pay online</a> (applicants paying from outside the
        United States: <a href={tenant.links.pay_now_international}>international payment</a>).
      </li>
      <li>Ask every college you have attended to send us an official transcript.</li>
      <li>If your program asks for them, request your letters of recommendation.</li>
      <li>
        Send any information your program asks for: see the{' '}
        <a href={tenant.links.additional_requirements}>program requirements</a> and the{' '}
        <a href={tenant.links.requirements}>admission requirements</a>.
      </li>
    </ol>
  );
  return (
    <section className="banner banner--steps" aria-labelledby="almost-finished-title">
      {shortOnPhone ? (
        <ShortOnPhone summary={title}>{steps}</ShortOnPhone>
      ) : (
        <>
          {title}
          {steps}
        </>
      )}
    </section>
  );
}
