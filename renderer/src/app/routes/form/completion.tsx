import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { DownloadApplication } from '../../../features/application-pdf';
import { AlmostFinished, FormPage } from '../../../features/layout';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

/** The checklist with the letters (issue 28 items 1 and 2) is a chunk of its own, fetched with this page and shown below its steps. */
const ChecklistSection = lazyWithPreload(() => import('../../../features/checklist/components/checklist-section').then((module) => module.ChecklistSection));

/**
 * /completion, the one page of a submitted application: the thanks banner above it comes from the
 * layout (AccountBanner), then what happens next, the steps left to the applicant, and their
 * checklist, letters of recommendation among its items.
 */
export function CompletionRoute() {
  return (
    <FormPage title={tenant.page_titles.completion}>
      <p>Your application has been submitted. Watch your e-mail for news from the admissions office.</p>
      <p>
        <Link to={paths.review}>View your answers</Link>
      </p>
      <AlmostFinished download={<DownloadApplication />} />
      <Suspense fallback={<Spinner label="Loading your checklist" />}>
        <ChecklistSection />
      </Suspense>
    </FormPage>
  );
}
