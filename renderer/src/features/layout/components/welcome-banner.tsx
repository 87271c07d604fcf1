import { Link } from 'react-router-dom';
import { tenant } from '../../../../../common/form/tenant';
import { paths } from '../../../config/paths';

/** For visitors who are not logged in (form-content section 2). */
export function WelcomeBanner() {
  return (
    <section className="banner banner--welcome" aria-labelledby="welcome-banner-title">
      <h2 id="welcome-banner-title" className="banner__title">{`Welcome to the ${tenant.application_title}!`}</h2>
      <p>{tenant.benefits_text}</p>
      <p>{tenant.start_invitation}</p>
      <p>
        Already started an application? <Link to={paths.login}>click here to log back in</Link>
      </p>
    </section>
  );
}
