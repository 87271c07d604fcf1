import { educationPage } from '../../../../../common/form/pages';
import { PageActions } from '../../../features/answers';
import { FormPageBody } from '../../../features/form';
import { FormPage } from '../../../features/layout';

export function EducationRoute() {
  return (
    <FormPage title={educationPage.title}>
      <FormPageBody page={educationPage} />
      <PageActions page={educationPage} />
    </FormPage>
  );
}
