import { ShortOnPhone } from './short-on-phone';

interface ThanksBannerProps {
  firstName: string | null;
}

/** Above every form page once the applicant is logged in (form-content section 2). */
export function ThanksBanner({ firstName }: ThanksBannerProps) {
  return (
    <section className="banner banner--thanks" aria-labelledby="thanks-banner-title">
      <ShortOnPhone
        summary={
          <h2 id="thanks-banner-title" className="banner__title">
            {firstName ? `Thanks, ${firstName}` : 'Thanks'}
          </h2>
        }
      >
        <p>Congratulations on completing the online portion of your application!</p>
        <p>Take these last steps to finish up your application.</p>
      </ShortOnPhone>
    </section>
  );
}
