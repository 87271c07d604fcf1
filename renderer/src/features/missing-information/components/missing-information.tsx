import { useDeferredValue, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { isAnswered } from '../../../../../common/form/conditions';
import { pageOfKey } from '../../../../../common/form/pages';
import { SMS_OPT_IN_LABEL } from '../../../../../common/form/pages/question-factories';
import type { PageDef } from '../../../../../common/form/types';
import { allQuestions, type Settled } from '../../../../../common/form/visibility';
import { appConfig } from '../../../config/app-config';
import { settledAnswersAtom } from '../../answers/typed-answers';
import { formPagesAtom } from '../../../state/form-pages';
import { missingValidationAtom } from '../../../state/missing-answers';
import type { FieldErrors } from '../../../state/validation';

/** The panel's heading: what is left, said neutrally (docs/decisions.md, issue 33 item 3). */
export const STILL_TO_ANSWER = 'Still to answer';

/** The question wording behind a key, so the list reads as the page does. */
function labelOf(page: PageDef, key: string): string | undefined {
  for (const section of page.sections) {
    if (section.trigger?.kind === 'checkbox' && section.trigger.key === key) return section.trigger.label;
    for (const question of allQuestions(section)) {
      if (question.key === key) return question.label;
      const member = question.members?.find((candidate) => candidate.key === key);
      if (member) return member.label;
      if (question.smsOptInKey === key) return SMS_OPT_IN_LABEL;
    }
  }
  return undefined;
}

interface MissingItem {
  key: string;
  label: string;
  /** For an answer given but failing its rule: the rule's message (issue 33, item 2); none for one still to give. */
  problem?: string;
}

/**
 * The missing-information panel (spec platform section 2), 'Still to answer' (issue 33, item 3):
 * per page, a link to each question still to answer, whenever an applicant is logged in and the
 * production flag (a setting the backend writes into index.html, common/production-flag.ts) is on,
 * until the first submit: from then on the error summary in the same place lists them
 * (missingValidationAtom). Never after the submission. Neutral, not red, and one line until
 * opened: nothing is wrong yet with a question not yet reached.
 */
export function MissingInformation({ production = appConfig.production }: { production?: boolean }) {
  const validate = useAtomValue(missingValidationAtom);
  // While the panel lists nothing (a visitor, or validating) it follows no answer: typing re-renders nothing here.
  return production && validate ? <MissingList validate={validate} /> : null;
}

function MissingList({ validate }: { validate: (settled: Settled) => FieldErrors }) {
  // The whole application is validated for the panel after the keystroke's frame, in React's
  // idle-priority pass, on the answers as they stand then (issue 18, item 1), with what is on
  // show as the change worked it out (settledAnswersAtom).
  const settled = useDeferredValue(useAtomValue(settledAnswersAtom));
  const errors = useMemo(() => validate(settled), [validate, settled]);
  const pages = useAtomValue(formPagesAtom);

  const missing = new Map<PageDef['id'], MissingItem[]>();
  for (const [key, messages] of Object.entries(errors)) {
    const page = pageOfKey(key, pages);
    if (!page || messages.length === 0) continue;
    const problem = isAnswered(settled.answers[key]) ? messages[0] : undefined;
    missing.set(page.id, [...(missing.get(page.id) ?? []), { key, label: labelOf(page, key) ?? messages[0] ?? key, problem }]);
  }
  const groups = pages.flatMap((page) => {
    const items = missing.get(page.id);
    return items ? [{ page, items }] : [];
  });
  if (groups.length === 0) return null;

  const count = groups.reduce((total, { items }) => total + items.length, 0);
  return (
    <section className="missing-info" aria-labelledby="missing-info-title">
      {/* One line, at every width, until opened: the page's first question stays near the top. */}
      <details className="short-on-phone">
        <summary className="short-on-phone__summary">
          <h2 id="missing-info-title" className="missing-info__title">
            {`${STILL_TO_ANSWER}: ${count} ${count === 1 ? 'question' : 'questions'}`}
          </h2>
        </summary>
        <p>Each link opens the question on its page. Submit your application from Final Steps once all are answered.</p>
        {groups.map(({ page, items }) => (
          <div key={page.id} className="missing-info__page">
            <h3 className="missing-info__page-title">{page.title}</h3>
            <ul className="missing-info__list">
              {items.map((item) => (
                <li key={item.key}>
                  <Link to={{ pathname: page.path, hash: `#${item.key}` }} replace>
                    {item.label}
                  </Link>
                  {item.problem && `: ${item.problem}`}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </details>
    </section>
  );
}
