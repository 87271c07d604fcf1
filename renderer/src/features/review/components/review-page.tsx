import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { reviewHeading } from '../../../../../common/form/page-list';
import { certificationSection } from '../../../../../common/form/pages/final-steps/closing';
import { pageItems } from '../../../../../common/form/print-model';
import { paths } from '../../../config/paths';
import { settledAnswersAtom } from '../../answers/typed-answers';
import { webStatusAtom } from '../../../state/snapshot';
import { SubmitButton } from '../../answers';
import { useDocumentAnswers } from '../../documents';
import { useTabChoices } from '../../form-state';
import { FormPage } from '../../layout';
import { PageAnswers } from './page-answers';
import '../review.css';

/**
 * The applicant's answers before Submit, GOV.UK's "Check your answers" (issue 33 item 4): every
 * question on show and its answer, page by page and section by section, as the print model lists
 * them (common/form/print-model.ts), each with a Change link to the question; the declaration and
 * Submit at the foot. After submission the same answers, read-only, from /completion.
 */
export function ReviewPage() {
  const { answers, pages } = useAtomValue(settledAnswersAtom);
  const readOnly = useAtomValue(webStatusAtom) === 'submitted';
  const { data: documents = {} } = useDocumentAnswers();
  const { data: tabs } = useTabChoices();
  const source = useMemo(() => ({ answers, tabs, documents, listEmptyUploads: true }), [answers, tabs, documents]);

  return (
    <FormPage title={readOnly ? reviewHeading.readOnlyTitle : reviewHeading.title}>
      {readOnly ? (
        <p>
          Your application has been submitted. These are the answers you sent; they can no longer be changed.{' '}
          <Link to={paths.completion}>Back to your application status</Link>
        </p>
      ) : (
        <p>Check your answers before you submit your application. Use a Change link to correct an answer or give one that is missing.</p>
      )}
      <div className="review">
        {pages.map((page) => (
          <PageAnswers key={page.id} page={page} items={pageItems(page, source)} documents={documents} readOnly={readOnly} />
        ))}
      </div>
      {!readOnly && (
        <section className="review__foot" aria-labelledby="review-submit-title">
          <h3 id="review-submit-title" className="review__page-title">
            Now submit your application
          </h3>
          <p>
            By submitting, you confirm the {certificationSection.title} you gave on Final Steps: the information in this application is complete
            and true. After you submit, you can read your answers but no longer change them.
          </p>
          <SubmitButton />
        </section>
      )}
    </FormPage>
  );
}
