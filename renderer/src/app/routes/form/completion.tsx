import { tenant } from '../../../../../common/form/tenant';
import { AlmostFinished } from '../../../features/layout/components/almost-finished';
import { FormPage } from '../../../features/layout/components/form-page';

export function CompletionRoute() {
  return (
    <FormPage title={tenant.page_titles.completion}>
      <p>Your application has been submitted. Watch your e-mail for news from the admissions office.</p>
      <AlmostFinished />
    </FormPage>
  );
}
