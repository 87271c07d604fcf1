import { Navigate, useLocation } from 'react-router-dom';
import { DEFAULT_ROUTE } from '../../config/paths';

/** Unknown paths open the application, keeping token or service_token in the query string. */
export function RedirectToDefault() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: DEFAULT_ROUTE, search }} replace />;
}
