import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { essayFact } from '../../../../../common/form/program-essays';
import { tenant } from '../../../../../common/form/tenant';
import { paths } from '../../../config/paths';
import { isKioskAtom } from '../../../state/shell';
import { ShortOnPhone } from './short-on-phone';

/**
 * For visitors who are not logged in (form-content section 2). The campus kiosk leaves out the
 * invitation to log back in: whoever walks up next is a new person, not the last one returning
 * (Sign In stays in the account menu).
 */
export function WelcomeBanner() {
  const isKiosk = useAtomValue(isKioskAtom);
  return (
    <section className="banner banner--welcome" aria-labelledby="welcome-banner-title">
      <ShortOnPhone summary={<h2 id="welcome-banner-title" className="banner__title">{`Welcome to the ${tenant.application_title}!`}</h2>}>
        <p>{`${tenant.benefits_text} ${essayFact(tenant.programs)}`}</p>
        <p>{tenant.start_invitation}</p>
        {!isKiosk && (
          <p>
            Already started an application? <Link to={paths.login}>click here to log back in</Link>
          </p>
        )}
      </ShortOnPhone>
    </section>
  );
}
