import { aboutPage } from '../../../../../common/form/pages';
import { PageActions } from '../../../features/answers/components/page-actions';
import { FormPageBody } from '../../../features/form/components/page-body';
import { FormPage } from '../../../features/layout/components/form-page';

export function AboutRoute() {
  return (
    <FormPage title={aboutPage.title}>
      <FormPageBody page={aboutPage} />
      <PageActions page={aboutPage} />
    </FormPage>
  );
}
