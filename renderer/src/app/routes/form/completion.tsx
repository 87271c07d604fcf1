import { Suspense } from 'react';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { DownloadApplication } from '../../../features/application-pdf';
import { AlmostFinished, FormPage } from '../../../features/layout';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

/** The letters (issue 28 item 2) are a chunk of their own, fetched with this page and shown below its steps. */
const LettersSection = lazyWithPreload(() => import('../../../features/recommendations/components/letters-section').then((module) => module.LettersSection));

/**
 * /completion, the one page of a submitted application: the thanks banner above it comes from the
 * layout (AccountBanner), then what happens next, the steps left to the applicant, and their
 * letters of recommendation.
 */
export function CompletionRoute() {
  return (
    <FormPage title={tenant.page_titles.completion}>
      <p>Your application has been submitted. Watch your e-mail for news from the admissions office.</p>
      <AlmostFinished download={<DownloadApplication />} />
      <Suspense fallback={<Spinner label="Loading your letters of recommendation" />}>
        <LettersSection />
      </Suspense>
    </FormPage>
  );
}
