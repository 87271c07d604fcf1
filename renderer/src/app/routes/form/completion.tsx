import { tenant } from '../../../../../common/form/tenant';
import { DownloadApplication } from '../../../features/application-pdf/components/download-application';
import { AlmostFinished } from '../../../features/layout/components/almost-finished';
import { FormPage } from '../../../features/layout/components/form-page';

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
