import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { isLoggedInAtom } from '../../../../state/session';
import { QuestionLabel, type WidgetProps, type WidgetView } from './field-parts';
import { lazyWidget } from './lazy-widget';
import { UploadRequirement } from './upload-requirement';

export const ACCOUNT_NEEDED_MESSAGE = 'This question can be finished once you have created an account.';

/**
 * The applicant's upload field and the documents feature behind it load with the pages that ask
 * for a document (page-parts.ts), not with About You, which asks for none (issue 26, item 5).
 */
export const ApplicantUpload = lazyWidget(() => import('./applicant-upload').then((module) => module.ApplicantUpload));

/** The field's head: its label, hint and the tenant's limits, as the loaded field starts. */
function UploadHead({ question, hint }: Pick<WidgetProps, 'question' | 'hint'>) {
  return (
    <>
      <p className="field__label">
        <QuestionLabel question={question} />
      </p>
      {hint}
      <UploadRequirement questionKey={question.key} />
    </>
  );
}

function AccountNeeded({ question, hint }: WidgetProps) {
  return (
    <div id={question.key} tabIndex={-1} className="field">
      <UploadHead question={question} hint={hint} />
      <p className="upload__account-needed">{ACCOUNT_NEEDED_MESSAGE}</p>
    </div>
  );
}

/** Form-content section 2 item 6: only an applicant can upload; a visitor is told why not. */
function UploadEdit(props: WidgetProps) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  if (!isLoggedIn) return <AccountNeeded {...props} />;
  // The page waits for the field before it shows (page-parts.ts); this is only a fallback.
  const loading = (
    <div className="field upload" aria-busy="true">
      <UploadHead question={props.question} hint={props.hint} />
    </div>
  );
  return (
    <Suspense fallback={loading}>
      <ApplicantUpload {...props} />
    </Suspense>
  );
}

export const uploadWidget: WidgetView = { Edit: UploadEdit };
