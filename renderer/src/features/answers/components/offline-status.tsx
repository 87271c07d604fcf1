import { useAtomValue } from 'jotai';
import { connectionAtom, lastSavedAtAtom, pendingSaveCountAtom } from '../answer-store';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** The words of the offline notice (docs/decisions.md, "Saving without a connection"). */
export const offlineMessages = {
  offline: 'You are offline.',
  unreachable: 'The application cannot reach the server right now.',
  keptUntilOnline: 'Your answers are kept on this device and will be saved as soon as you are back online.',
  keptUntilReachable: 'Your answers are kept on this device and will be saved as soon as the server can be reached.',
  savedWhenOnline: 'Answers you save now are kept on this device until you are back online.',
  saving: 'Saving your answers…',
  logoutWaiting: 'Some of your answers have not reached the server yet, so you are still logged in. They will be saved as soon as the connection returns; log out after that.',
  submitWaiting: 'Some of your answers have not reached the server yet, so your application cannot be submitted now. They will be saved as soon as the connection returns; submit after that.',
  lastSaved: (at: Date) => `Last saved at ${timeFormat.format(at)}.`,
  savedAt: (at: Date) => `Saved at ${timeFormat.format(at)}`,
} as const;

/**
 * Where the saving stands, in one polite status region under the page's buttons (issue 17, item
 * 8): offline, whether answers wait on this device and that they will be saved, and when they
 * were last saved; online and saved, only the quiet 'Saved at h:mm'.
 */
export function OfflineStatus() {
  const connection = useAtomValue(connectionAtom);
  const waiting = useAtomValue(pendingSaveCountAtom) > 0;
  const lastSavedAt = useAtomValue(lastSavedAtAtom);

  if (connection === 'online') {
    const text = waiting ? offlineMessages.saving : lastSavedAt ? offlineMessages.savedAt(lastSavedAt) : '';
    return (
      <p className="page-actions__saved" role="status">
        {text}
      </p>
    );
  }
  const offline = connection === 'offline';
  const kept = !waiting ? offlineMessages.savedWhenOnline : offline ? offlineMessages.keptUntilOnline : offlineMessages.keptUntilReachable;
  return (
    <p className="page-actions__saved offline-status" role="status">
      <strong>{offline ? offlineMessages.offline : offlineMessages.unreachable}</strong> {kept}
      {lastSavedAt && ` ${offlineMessages.lastSaved(lastSavedAt)}`}
    </p>
  );
}
