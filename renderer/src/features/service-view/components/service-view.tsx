import { useAtomValue } from 'jotai';
import { serviceDocumentPath } from '../../../../../common/token-api';
import { tenant } from '../../../../../common/form/tenant';
import { Spinner } from '../../../components/ui/spinner';
import { serviceTokenAtom } from '../../../state/session';
import { useServiceLinkApplication } from '../hooks/use-service-link-application';
import { WholeApplication } from './whole-application';

/**
 * What a service user sees (spec platform section 1, form-content section 4): the stored
 * application, read-only, in print style: no header, navigation, banners, footer or controls.
 */
export function ServiceView() {
  const state = useServiceLinkApplication();
  const serviceToken = useAtomValue(serviceTokenAtom) ?? '';
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
        // A service user opens an attached document with the link's token (GET /service/document/{key}).
        <WholeApplication application={state.application} documentHref={(key) => serviceDocumentPath(key, serviceToken)} />
      )}
    </main>
  );
}
