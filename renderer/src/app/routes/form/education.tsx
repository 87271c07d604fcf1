import { tenant } from '../../../../../common/form/tenant';
import { FormPage } from '../../../features/layout/components/form-page';

// Placeholder until the form definition renders this page's sections.
export function EducationRoute() {
  return (
    <FormPage title={tenant.page_titles.education}>
      <p>Tell us about the colleges you attended and the program you are applying to.</p>
    </FormPage>
  );
}
