import { Suspense, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { useThrowToBoundary } from '../../components/errors/use-throw-to-boundary';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { greetingChunk } from '../../features/layout';
import { useApplyProfile, useFormRedirect, useRedirectState } from '../../features/profile';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { formDefinitionLoadedAtom, loadFormPages, loadedFormPagesAtom } from '../../state/form-definition';
import { isLoggedInAtom, isServiceUserAtom } from '../../state/session';
import { webStatusAtom } from '../../state/snapshot';
import { formScreens } from '../lazy-pages';

/**
 * The form's shell (layout, widgets, error summary, autosave) and the service view are chunks of
 * their own (issue 18, item 2): the entry holds what decides which to show, and the shell's
 * download starts with the profile's request, behind the same spinner. The whole-application
 * validation loads once the page shows (validation-when-idle.tsx, issue 26, item 5).
 */
const FormShell = lazyWithPreload(() => import('./form-shell').then((module) => module.FormShell));
const ServiceView = lazyWithPreload(() => import('../../features/service-view/components/service-view').then((module) => module.ServiceView));

/**
 * The root of the form pages: nothing shows until a logged-in applicant's profile is known, and
 * a page the navigation rules send elsewhere never renders.
 */
export function FormRoot() {
  // A service link shows the whole application read-only, whatever the path: no profile, no session.
  const isServiceUser = useAtomValue(isServiceUserAtom);
  return <Suspense fallback={<FullScreenSpinner />}>{isServiceUser ? <ServiceView /> : <ApplicantFormRoot />}</Suspense>;
}

/**
 * The whole form's definition is a chunk of its own (state/form-definition.ts, issue 26, item 5).
 * A visitor on About You has the questions of that page with its route and gets the rest after
 * the first paint (after-first-paint.tsx); any other form, whose answers' clearing rules span the
 * pages, waits for it here, its download running alongside the profile's and the shell's.
 */
function useFormDefinitionReady(needed: boolean): boolean {
  const loaded = useAtomValue(loadedFormPagesAtom) !== null;
  const loadedInStore = useSetAtom(formDefinitionLoadedAtom);
  const throwToBoundary = useThrowToBoundary();
  const waiting = needed && !loaded;
  // Started during render, so the download runs alongside the profile's request.
  if (waiting) void loadFormPages();
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    // Only a misconfigured definition fails (in development): its BadConfigError goes to the dialog.
    loadFormPages().then(
      () => live && loadedInStore((count) => count + 1),
      (error: unknown) => live && throwToBoundary(error),
    );
    return () => {
      live = false;
    };
  }, [waiting, loadedInStore, throwToBoundary]);
  return !waiting;
}

/**
 * The first paint is whole: the page's chunk and a logged-in applicant's greeting are fetched with
 * the profile and the shell, and waited for behind the same spinner. Painted as they arrived, the
 * page came in under its frame and the greeting then pushed it down by a third of a phone's
 * screen, under a finger already on First Name. Later pages load inside the frame as before.
 */
let painted = false;

function useWholeFirstPaint(pathname: string, ready: boolean): boolean {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const submitted = useAtomValue(webStatusAtom) === 'submitted';
  const [arrived, setArrived] = useState(painted);
  const page = formScreens.find(([path]) => path === pathname)?.[1];
  // Started during render, so the downloads run alongside the profile's request (before it says
  // whether the application is submitted, the greeting of one that is not, as most are).
  if (!arrived) {
    void page?.preload();
    if (loggedIn) void greetingChunk(false);
  }
  useEffect(() => {
    if (arrived || !ready) return;
    let live = true;
    void Promise.all([page?.preload(), loggedIn && greetingChunk(submitted)]).then(() => {
      painted = true;
      if (live) setArrived(true);
    });
    return () => {
      live = false;
    };
  }, [arrived, ready, page, loggedIn, submitted]);
  return arrived;
}

function ApplicantFormRoot() {
  const { pathname, search } = useLocation();
  void FormShell.preload();
  const { ready } = useApplyProfile();
  const definitionReady = useFormDefinitionReady(useAtomValue(isLoggedInAtom) || pathname !== paths.about);
  const redirect = useFormRedirect(pathname);
  const redirectState = useRedirectState(pathname, redirect);
  const whole = useWholeFirstPaint(redirect ?? pathname, ready && definitionReady);
  if (!ready || !definitionReady || !whole) return <FullScreenSpinner />;
  if (redirect) return <Navigate to={{ pathname: redirect, search }} replace state={redirectState} />;
  return <FormShell />;
}
