import { tenant } from '../../../../../common/form/tenant';
import { FormPage } from '../../../features/layout/components/form-page';

// Placeholder until the form definition renders this page's sections.
export function CompletionRoute() {
  return (
    <FormPage title={tenant.page_titles.completion}>
      <p>Your application has been submitted. Watch your e-mail for news from the admissions office.</p>
    </FormPage>
  );
}
