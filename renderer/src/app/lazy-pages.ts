import { paths } from '../config/paths';
import { lazyWithPreload } from '../lib/lazy-with-preload';

/** Every screen is its own chunk (spec platform section 2: page content loads lazily). */
export const pages = {
  about: lazyWithPreload(() => import('./routes/form/about').then((module) => module.AboutRoute)),
  education: lazyWithPreload(() => import('./routes/form/education').then((module) => module.EducationRoute)),
  finalSteps: lazyWithPreload(() => import('./routes/form/final-steps').then((module) => module.FinalStepsRoute)),
  // Every answer before Submit, and read-only after it (issue 33 item 4).
  review: lazyWithPreload(() => import('../features/review/components/review-page').then((module) => module.ReviewPage)),
  completion: lazyWithPreload(() => import('./routes/form/completion').then((module) => module.CompletionRoute)),
  login: lazyWithPreload(() => import('../features/auth/components/login-card').then((module) => module.LoginCard)),
  signup: lazyWithPreload(() => import('../features/auth/components/signup-card').then((module) => module.SignupCard)),
  confirm: lazyWithPreload(() => import('../features/auth/components/confirm-card').then((module) => module.ConfirmCard)),
  forgot: lazyWithPreload(() => import('../features/auth/components/forgot-card').then((module) => module.ForgotCard)),
  reset: lazyWithPreload(() => import('../features/auth/components/reset-card').then((module) => module.ResetCard)),
  // Delete my account (issue 35 item 4).
  deleteAccount: lazyWithPreload(() => import('../features/account-data/components/delete-account-page').then((module) => module.DeleteAccountPage)),
  // The recommender's letter page (issue 28 item 2): no account, a chunk applicants never download.
  recommend: lazyWithPreload(() => import('../features/recommendations/components/recommend-page').then((module) => module.RecommendPage)),
  // The admissions office (issue 19): chunks of their own, which applicants never download.
  staffLayout: lazyWithPreload(() => import('../features/staff/components/staff-layout').then((module) => module.StaffLayout)),
  staffLogin: lazyWithPreload(() => import('../features/staff/components/staff-login-page').then((module) => module.StaffLoginPage)),
  staffEnrol: lazyWithPreload(() => import('../features/staff/components/staff-enrol-page').then((module) => module.StaffEnrolPage)),
  staffInbox: lazyWithPreload(() => import('../features/staff/components/staff-inbox-page').then((module) => module.StaffInboxPage)),
  staffApplication: lazyWithPreload(() => import('../features/staff/components/staff-application-page').then((module) => module.StaffApplicationPage)),
  staffDeletionRequests: lazyWithPreload(() => import('../features/staff/components/deletion-requests-page').then((module) => module.DeletionRequestsPage)),
  staffDataExpiry: lazyWithPreload(() => import('../features/staff/components/data-expiry-page').then((module) => module.DataExpiryPage)),
  staffAccessLog: lazyWithPreload(() => import('../features/staff/components/access-log-page').then((module) => module.AccessLogPage)),
};

/**
 * The form's screens by path: FormRoot's routes, and the one FormRoot fetches alongside the
 * profile and the shell, so the first paint has the page in it.
 */
export const formScreens = [
  [paths.about, pages.about],
  [paths.education, pages.education],
  [paths.finalSteps, pages.finalSteps],
  [paths.review, pages.review],
  [paths.completion, pages.completion],
] as const;
