import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { AuthLayout } from '../../features/layout';
import { whenIdle } from '../../lib/when-idle';

interface Preloadable {
  preload: () => Promise<unknown>;
}

/**
 * The auth screens' frame. `preload` names the screens its cards link to, fetched at the first idle
 * moment: the router moves between screens in a transition, so while the next card's chunk is on
 * its way the URL has changed but the last card is still shown and still takes typing, which the
 * next card then drops (a "Forgot password?" click on a busy phone showed the login card's e-mail
 * field, then an empty one). With the chunks here, the next card is drawn at once.
 */
export function AuthRoot({ preload = [] }: { preload?: readonly Preloadable[] }) {
  useEffect(() => whenIdle(() => preload.forEach((screen) => void screen.preload())), [preload]);
  return (
    <AuthLayout>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </AuthLayout>
  );
}
