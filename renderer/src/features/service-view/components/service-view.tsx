import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { serviceDocumentPath } from '../../../../../common/token-api';
import { formPages } from '../../../../../common/form/pages';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { studentAnswersAtom } from '../../../state/answers';
import { serviceTokenAtom } from '../../../state/session';
import { PrintViewProvider, type PrintView, FormPageBody } from '../../form';
import { useApplyServiceApplication } from '../hooks/use-apply-service-application';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function applicantName(answers: Record<string, unknown>): string {
  return [text(answers.first_name), text(answers.middle_name), text(answers.last_name)].filter(Boolean).join(' ');
}

/**
 * The three pages one after another, each headed by its title (h2), as one printable document;
 * also the staff inbox's view of an application (issue 19). Drawn as a print view where the
 * route puts it inside a PrintViewProvider.
 */
export function WholeApplication() {
  const answers = useAtomValue(studentAnswersAtom);
  const name = applicantName(answers);
  return (
    <section aria-label="Application">
      {name && <p className="service-view__applicant">Applicant: {name}</p>}
      {formPages.map((page) => (
        <section key={page.id} className="form-page service-view__page" aria-labelledby={`service-page-${page.id}`}>
          <h2 id={`service-page-${page.id}`} className="form-page__title">
            {page.title}
          </h2>
          <FormPageBody page={page} />
        </section>
      ))}
    </section>
  );
}

/**
 * What a service user sees (spec platform section 1, form-content section 4): the stored
 * application, read-only, in print style: no header, navigation, banners, footer or controls.
 */
export function ServiceView() {
  const state = useApplyServiceApplication();
  const serviceToken = useAtomValue(serviceTokenAtom);
  // A service user opens an attached document with the link's token (GET /service/document/{key}).
  const printView = useMemo<PrintView>(() => ({ documentHref: (key) => (serviceToken ? serviceDocumentPath(key, serviceToken) : null) }), [serviceToken]);
  return (
    <main className="site-main site-main--print service-view">
      <title>{`Application (read-only) | ${tenant.application_title}`}</title>
      <h1 className="service-view__title">{tenant.application_title}</h1>
      {state.status === 'loading' && <Spinner label="Loading the application" />}
      {state.status === 'error' && (
        <div role="alert" className="service-view__error">
          <h2>This application cannot be shown</h2>
          <p>{state.message}</p>
        </div>
      )}
      {state.status === 'ready' && (
        <PrintViewProvider view={printView}>
          <WholeApplication />
        </PrintViewProvider>
      )}
    </main>
  );
}
