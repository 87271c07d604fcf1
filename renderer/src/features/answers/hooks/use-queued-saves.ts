import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useStore } from 'jotai';
import { PENDING_ANSWERS_KEY } from '../../../lib/pending-answers';
import { queryKeys } from '../../../lib/query-keys';
import { isLoggedInAtom } from '../../../state/session';
import { usernameAtom } from '../../../state/snapshot';
import {
  adoptKeptSavesAtom,
  connectionAtom,
  pendingSaveCountAtom,
  refreshQueuedSavesAtom,
  sendQueuedSavesAtom,
  takeProfileWasKept,
} from '../answer-store';

/** How often saves still waiting are sent again while the browser says it is online. */
export const RETRY_WAITING_SAVES_MS = 15_000;

/**
 * Sends the saves waiting in this browser as soon as the connection returns (issue 17, item 8):
 * on login or load (those a closed or crashed page left too), when the browser comes back online,
 * and every few seconds while the server does not answer. Keeps the page's offline state and its
 * view of the queue current, also when another tab sends or queues.
 */
export function useQueuedSaves() {
  const store = useStore();
  const queryClient = useQueryClient();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const username = useAtomValue(usernameAtom);

  useEffect(() => {
    if (!isLoggedIn || !username) return;
    const send = async () => {
      try {
        const result = await store.set(sendQueuedSavesAtom);
        // A page loaded offline showed the browser's copy of the profile: now the server's.
        if (result.state === 'saved' && takeProfileWasKept()) await queryClient.invalidateQueries({ queryKey: queryKeys.profile() });
      } catch (error) {
        // A save the server refused for good: its answers stay changed, and the next Save shows why.
        console.error('A queued save was refused.', error);
      }
    };
    const onOnline = () => void send();
    const onOffline = () => store.set(connectionAtom, 'offline');
    const onStorage = (event: StorageEvent) => {
      if (event.key === PENDING_ANSWERS_KEY) store.set(refreshQueuedSavesAtom);
    };
    store.set(adoptKeptSavesAtom);
    if (navigator.onLine === false) store.set(connectionAtom, 'offline');
    else void send();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('storage', onStorage);
    const retry = setInterval(() => {
      if (store.get(pendingSaveCountAtom) > 0 && navigator.onLine !== false) void send();
    }, RETRY_WAITING_SAVES_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('storage', onStorage);
      clearInterval(retry);
    };
  }, [isLoggedIn, username, store, queryClient]);
}
