import { tenant } from '../../../../../common/form/tenant';
import { FormPage } from '../../../features/layout/components/form-page';

// Placeholder until the form definition renders this page's sections.
export function FinalStepsRoute() {
  return (
    <FormPage title={tenant.page_titles.final_steps}>
      <p>Answer the residency questions, then review and sign your application.</p>
    </FormPage>
  );
}
