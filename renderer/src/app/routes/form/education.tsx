import { educationPage } from '../../../../../common/form/pages';
import { PageActions } from '../../../features/answers/components/page-actions';
import { FormPageBody } from '../../../features/form/components/page-body';
import { FormPage } from '../../../features/layout/components/form-page';

export function EducationRoute() {
  return (
    <FormPage title={educationPage.title}>
      <FormPageBody page={educationPage} />
      <PageActions page={educationPage} />
    </FormPage>
  );
}
