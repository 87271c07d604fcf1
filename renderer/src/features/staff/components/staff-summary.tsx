import { useMemo } from 'react';
import { formPages } from '../../../../../common/form/pages';
import { applicationSummary } from '../../../../../common/staff/application-summary';
import type { StaffApplicationResponse } from '../../../../../common/staff-api';

const NOT_ANSWERED = 'Not answered';

/**
 * The staff view's opening summary (issue 33 item 7): what an admissions officer reads first, the
 * print model's own words (common/staff/application-summary.ts), above the full answers.
 */
export function StaffSummary({ application }: { application: StaffApplicationResponse }) {
  const { answer, tabs, document_answer: documents, checklist } = application;
  const summary = useMemo(() => applicationSummary(formPages, { answers: answer, tabs, documents }, checklist ?? null), [answer, tabs, documents, checklist]);
  return (
    <section aria-labelledby="staff-summary-title" className="staff-summary">
      <h2 id="staff-summary-title">Summary</h2>
      <dl className="staff-summary__list">
        {summary.rows.map((row) => (
          <div key={row.label} className="staff-summary__row">
            <dt>{row.label}</dt>
            <dd>{row.value || NOT_ANSWERED}</dd>
          </div>
        ))}
        <div className="staff-summary__row">
          <dt>Colleges and GPAs</dt>
          <dd>
            {summary.colleges.length === 0 ? (
              NOT_ANSWERED
            ) : (
              <ul className="staff-summary__colleges">
                {summary.colleges.map((college, index) => (
                  <li key={index}>
                    {college.name || '(no name given)'}: GPA {college.gpa || 'not given'}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className="staff-summary__row">
          <dt>Checklist</dt>
          <dd>
            {summary.checklist === null ? (
              'In progress: the checklist starts when the application is submitted.'
            ) : (
              <>
                <strong>{summary.checklist.text}</strong>
                {summary.checklist.missing.length > 0 && (
                  <>
                    <p>Missing:</p>
                    <ul className="staff-summary__missing">
                      {summary.checklist.missing.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </>
                )}
                {summary.checklist.done.length > 0 && <p>Done: {summary.checklist.done.join('; ')}</p>}
              </>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
