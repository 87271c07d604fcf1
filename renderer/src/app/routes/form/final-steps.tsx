import { finalStepsPage } from '../../../../../common/form/pages';
import { PageActions } from '../../../features/answers/components/page-actions';
import { FormPageBody } from '../../../features/form/components/page-body';
import { FormPage } from '../../../features/layout/components/form-page';

export function FinalStepsRoute() {
  return (
    <FormPage title={finalStepsPage.title}>
      <FormPageBody page={finalStepsPage} />
      <PageActions page={finalStepsPage} />
    </FormPage>
  );
}
