import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { GenericErrorScreen } from '../components/errors/generic-error-screen';
import { paths } from '../config/paths';
import { pages } from './lazy-pages';
import { AppRoot } from './routes/app-root';
import { AuthRoot } from './routes/auth-root';
import { FormRoot } from './routes/form-root';
import { RedirectToDefault } from './routes/redirect-to-default';

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
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
