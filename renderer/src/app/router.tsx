import type { ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { staffPages } from '../../../common/staff-pages';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { GenericErrorScreen } from '../components/errors/generic-error-screen';
import { paths } from '../config/paths';
import { formScreens, pages } from './lazy-pages';
import { AppRoot } from './routes/app-root';
import { AuthRoot } from './routes/auth-root';
import { FormRoot } from './routes/form-root';
import { LoadProfile } from './routes/load-profile';
import { RedirectToDefault } from './routes/redirect-to-default';
import { StaffRoot } from './routes/staff-root';

/** What a root shows when a screen fails to render: the last resort's plain screen. */
function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => <GenericErrorScreen />}>{children}</ErrorBoundary>;
}

/** The account screens, which link to each other: each is fetched ahead once one of them shows. */
const authScreens = [pages.login, pages.signup, pages.confirm, pages.forgot, pages.reset] as const;

/** The route table of spec platform section 2. */
export const routes: RouteObject[] = [
  {
    element: (
      <RootErrorBoundary>
        <AppRoot />
      </RootErrorBoundary>
    ),
    children: [
      {
        element: <FormRoot />,
        children: formScreens.map(([path, Screen]) => ({ path, element: <Screen /> })),
      },
      {
        element: <AuthRoot preload={authScreens} />,
        children: [
          { path: paths.login, element: <pages.login /> },
          { path: paths.signup, element: <pages.signup /> },
          { path: paths.confirm, element: <pages.confirm /> },
          { path: paths.forgot, element: <pages.forgot /> },
          { path: paths.reset, element: <pages.reset /> },
        ],
      },
      // The recommender's page (issue 28 item 2): the auth screens' frame (header and footer, no
      // account menu), outside the form's profile and the auth group's screens.
      { element: <AuthRoot />, children: [{ path: paths.recommend, element: <pages.recommend /> }] },
      // Delete my account (issue 35 item 4): the auth screens' frame, the applicant's session.
      { element: <AuthRoot />, children: [{ element: <LoadProfile />, children: [{ path: paths.deleteAccount, element: <pages.deleteAccount /> }] }] },
      { path: '*', element: <RedirectToDefault /> },
    ],
  },
  // The admissions office (issue 19): no applicant session, inactivity guard or form state here.
  {
    element: (
      <RootErrorBoundary>
        <StaffRoot />
      </RootErrorBoundary>
    ),
    children: [
      { path: staffPages.login, element: <pages.staffLogin /> },
      { path: staffPages.enrol, element: <pages.staffEnrol /> },
      {
        element: <pages.staffLayout />,
        children: [
          { path: staffPages.inbox, element: <pages.staffInbox /> },
          { path: staffPages.application, element: <pages.staffApplication /> },
          { path: staffPages.accessLog, element: <pages.staffAccessLog /> },
          { path: staffPages.deletionRequests, element: <pages.staffDeletionRequests /> },
          { path: staffPages.dataExpiry, element: <pages.staffDataExpiry /> },
        ],
      },
    ],
  },
];

/**
 * The routes under the browser's history (main.tsx puts them in a <BrowserRouter>). Declarative
 * routing, not createBrowserRouter's data router: no screen uses loaders, actions or fetchers,
 * and the data router is 17 kB gzip of the entry a visitor downloads (issue 26, item 5).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
