import { tenant } from '../../../../../common/form/tenant';
import { FormPage } from '../../../features/layout/components/form-page';

// Placeholder until the form definition renders this page's sections.
export function AboutRoute() {
  return (
    <FormPage title={tenant.page_titles.about}>
      <p>Tell us who you are, how to reach you and where you live.</p>
    </FormPage>
  );
}
