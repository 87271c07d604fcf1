import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { staffPages } from '../../../common/api';
import { GenericErrorScreen } from '../components/errors/generic-error-screen';
import { paths } from '../config/paths';
import { pages } from './lazy-pages';
import { AppRoot } from './routes/app-root';
import { AuthRoot } from './routes/auth-root';
import { FormRoot } from './routes/form-root';
import { RedirectToDefault } from './routes/redirect-to-default';
import { StaffRoot } from './routes/staff-root';

/** The route table of spec platform section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <GenericErrorScreen />,
    children: [
      {
        element: <FormRoot />,
        children: [
          { path: paths.about, element: <pages.about /> },
          { path: paths.education, element: <pages.education /> },
          { path: paths.finalSteps, element: <pages.finalSteps /> },
          { path: paths.completion, element: <pages.completion /> },
        ],
      },
      {
        element: <AuthRoot />,
        children: [
          { path: paths.login, element: <pages.login /> },
          { path: paths.signup, element: <pages.signup /> },
          { path: paths.confirm, element: <pages.confirm /> },
          { path: paths.forgot, element: <pages.forgot /> },
          { path: paths.reset, element: <pages.reset /> },
        ],
      },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
  // The admissions office (issue 19): no applicant session, inactivity guard or form state here.
  {
    element: <StaffRoot />,
    errorElement: <GenericErrorScreen />,
    children: [
      { path: staffPages.login, element: <pages.staffLogin /> },
      { path: staffPages.enrol, element: <pages.staffEnrol /> },
      {
        element: <pages.staffLayout />,
        children: [
          { path: staffPages.inbox, element: <pages.staffInbox /> },
          { path: staffPages.application, element: <pages.staffApplication /> },
          { path: staffPages.accessLog, element: <pages.staffAccessLog /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
