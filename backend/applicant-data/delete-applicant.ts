import type { Logger } from 'pino';
import type { Clock } from '../platform/clock';
import type { ObjectStore } from '../storage';
import { accountObjectPrefixes } from '../storage/account-objects';
import type { PurgeReason } from '../store/applicant-data-schema';
import type { ApplicantDataStore, PurgeCounts } from './applicant-data-store';

export interface ApplicantPurgeDeps {
  store: { applicantData: ApplicantDataStore };
  objects: Pick<ObjectStore, 'list' | 'delete'>;
  clock: Clock;
  logger: Logger;
}

/** Who deletes, and why: the applicant, an admin completing a request (`staff:<id>`), the draft expiry. */
export interface PurgeOrder {
  /** Refuse once the application is submitted (the applicant's own deletion, a draft's expiry). */
  unsubmittedOnly: boolean;
  reason: PurgeReason;
  purgedBy: string;
  requestedAt?: number | null;
}

/** Purges whose objects a sweep round removes at most. */
const SWEEP_BATCH = 50;

/**
 * The one way an applicant's account is deleted with everything it owns (issue 35 items 3 and 4):
 * every row in one transaction, which also records the purge (the account's random id and counts,
 * never a name or an address); then, after the commit, every object under the account's prefixes.
 * When the object store fails, or the process stops, between the two, the purge record's
 * `objects_cleared_at` stays empty and `sweep` (housekeeping) removes them later: deleting is
 * re-runnable, and an object of an account that no longer exists is never served (every read
 * goes through a row that is gone).
 */
export function createApplicantPurge({ store, objects, clock, logger }: ApplicantPurgeDeps) {
  async function clearObjects(purgeId: string, accountId: string): Promise<boolean> {
    try {
      let removed = 0;
      for (const prefix of accountObjectPrefixes(accountId)) {
        for await (const object of objects.list(prefix)) {
          await objects.delete(object.key);
          removed += 1;
        }
      }
      await store.applicantData.objectsCleared(purgeId, removed, clock());
      return true;
    } catch (error) {
      logger.error({ err: error, accountId, purgeId }, "could not remove a deleted account's stored files; housekeeping tries again");
      return false;
    }
  }

  return {
    /**
     * Deletes the account and all it owns; null when it no longer exists (deleted already),
     * 'submitted' when the order is for unsubmitted applications only and this one is submitted.
     */
    async purge(accountId: string, order: PurgeOrder): Promise<{ purgeId: string; counts: PurgeCounts } | 'submitted' | null> {
      const purged = await store.applicantData.purge(accountId, { ...order, requestedAt: order.requestedAt ?? null, now: clock() });
      if (purged === null || purged === 'submitted') return purged;
      logger.info({ accountId, purgeId: purged.purgeId, reason: order.reason, purgedBy: order.purgedBy, counts: purged.counts }, 'an applicant account was deleted');
      await clearObjects(purged.purgeId, accountId);
      return purged;
    },

    /**
     * Removes the objects of purges a failure left behind, and once more those of purges
     * `lateWritesMs` old (an upload form issued before the deletion, or a conversion under way,
     * may still have written one after it); how many purges it cleared.
     */
    async sweep(lateWritesMs: number): Promise<number> {
      let finished = 0;
      for (const pending of await store.applicantData.objectsPending(SWEEP_BATCH, clock(), lateWritesMs)) {
        if (await clearObjects(pending.id, pending.account_id)) finished += 1;
      }
      return finished;
    },
  };
}

export type ApplicantPurge = ReturnType<typeof createApplicantPurge>;
