import { lazyWithPreload } from '../../../lib/lazy-with-preload';

/**
 * A logged-in applicant's greetings (account-banner.tsx), chunks apart from a visitor's first
 * paint. This module holds only their imports, so FormRoot, in the entry, can fetch the one the
 * applicant will see alongside the profile without the banners themselves in the entry.
 */
export const WelcomeBackBanner = lazyWithPreload(() => import('./welcome-back-banner').then((module) => module.WelcomeBackBanner));
export const SubmittedBanners = lazyWithPreload(() => import('./submitted-banners').then((module) => module.SubmittedBanners));

/** The greeting's chunk for an applicant whose application is (or is not yet) submitted. */
export const greetingChunk = (submitted: boolean): Promise<unknown> => (submitted ? SubmittedBanners : WelcomeBackBanner).preload();
