import { atom } from 'jotai';
import type { ProfileResponse, WebStatus } from '../../../common/api';
import { deriveWebStatus } from '../../../common/web-status';
import { forgetAnswersAtom } from '../features/answers/typed-answers';
import { isLoggedInAtom, isServiceUserAtom } from './session';
import { completionMessageAtom, submitErrorsAtom } from './submission';

/** The profile without its answers, which features/answers/answer-store.ts holds (issue 36, item 1). */
export type ProfileDetails = Omit<ProfileResponse, 'answer'>;

/** The profile as last applied to the client; null until loaded and after logout. */
export const profileAtom = atom<ProfileDetails | null>(null);

const STATUS_ORDER: readonly WebStatus[] = ['started', 'validating', 'submitted'];
const localWebStatusAtom = atom<WebStatus | null>(null);
const localLastPageAtom = atom<string | null>(null);

/**
 * Spec platform section 4. The status only moves forward, so the later of what this client set
 * and what the stored entries say is the truth, whichever of the two was refreshed last.
 */
export const webStatusAtom = atom(
  (get) => {
    const stored = deriveWebStatus(get(profileAtom)?.web_status ?? []);
    const local = get(localWebStatusAtom);
    if (stored === null || local === null) return stored ?? local;
    return STATUS_ORDER.indexOf(local) > STATUS_ORDER.indexOf(stored) ? local : stored;
  },
  (_get, set, status: WebStatus) => set(localWebStatusAtom, status),
);

export const lastPageAtom = atom(
  (get) => get(localLastPageAtom) ?? get(profileAtom)?.last_page ?? null,
  (_get, set, path: string) => set(localLastPageAtom, path),
);

export const usernameAtom = atom((get) => get(profileAtom)?.username ?? null);

/** Spec platform section 3: the number of successful logins, 1 until the profile says otherwise. */
export const numLoginsAtom = atom((get) => get(profileAtom)?.successful_login.length ?? 1);

/** Set by the horizontal navigation; once true the stored last page no longer redirects. */
export const hasChangedPageAtom = atom(false);

/** Whether the one redirect to the stored last page has been decided for this login. */
export const lastPageRestoredAtom = atom(false);

/** The client snapshot of spec platform section 3 in one read. */
export const clientSnapshotAtom = atom((get) => ({
  web_status: get(webStatusAtom),
  last_page: get(lastPageAtom),
  is_logged_in: get(isLoggedInAtom),
  username: get(usernameAtom),
  is_service_user: get(isServiceUserAtom),
  num_logins: get(numLoginsAtom),
  has_changed_page: get(hasChangedPageAtom),
}));

/** Forget everything about the last applicant (logout, expired session): kiosks are shared. Their saves too: features/answers (forgetApplicantAtom). */
export const resetSnapshotAtom = atom(null, (_get, set) => {
  set(profileAtom, null);
  set(localWebStatusAtom, null);
  set(localLastPageAtom, null);
  set(hasChangedPageAtom, false);
  set(lastPageRestoredAtom, false);
  set(forgetAnswersAtom);
  set(submitErrorsAtom, null);
  set(completionMessageAtom, null);
});
