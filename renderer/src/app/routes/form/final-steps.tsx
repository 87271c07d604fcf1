import { finalStepsPage } from '../../../../../common/form/pages';
import { PageActions } from '../../../features/answers';
import { FormPageBody } from '../../../features/form';
import { FormPage } from '../../../features/layout';

export function FinalStepsRoute() {
  return (
    <FormPage title={finalStepsPage.title}>
      <FormPageBody page={finalStepsPage} />
      <PageActions page={finalStepsPage} />
    </FormPage>
  );
}
