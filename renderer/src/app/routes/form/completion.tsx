import { tenant } from '../../../../../common/form/tenant';
import { DownloadApplication } from '../../../features/application-pdf';
import { AlmostFinished, FormPage } from '../../../features/layout';

/**
 * /completion, the one page of a submitted application: the thanks banner above it comes from the
 * layout (AccountBanner), then what happens next and the steps left to the applicant.
 */
export function CompletionRoute() {
  return (
    <FormPage title={tenant.page_titles.completion}>
      <p>Your application has been submitted. Watch your e-mail for news from the admissions office.</p>
      <AlmostFinished download={<DownloadApplication />} />
    </FormPage>
  );
}
