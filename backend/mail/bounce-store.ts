import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** What a bounce changed: its mail, and the recommendation request whose current invitation it was (if any). */
export interface RecordedBounce {
  mailId: string;
  requestId: string | null;
}

/**
 * Bounces that came back after the relay accepted the mail (issue 28 item 2): the outbox row is
 * marked refused as a 5xx answer at send time marks it, and the request whose current link the mail
 * carried keeps the refusal itself, so the checklist shows it at once and after housekeeping.
 */
export function bounceStore(db: Kysely<Database>) {
  return {
    /** Records the refusal of a sent (or given-up) mail; undefined when the outbox has no such mail. */
    async recordBounce(mailId: string, failure: string, now: number): Promise<RecordedBounce | undefined> {
      return db.transaction().execute(async (trx) => {
        const mail = await trx
          .updateTable('mail_outbox')
          // A mail sent and then bounced was not delivered after all: FAILED, as a refusal at send time leaves it.
          .set({ status: 'FAILED', refused_at: now, last_error: failure, updated_at: now })
          .where('id', '=', mailId)
          .where('status', 'in', ['SENT', 'FAILED'])
          .executeTakeFirst();
        if (Number(mail.numUpdatedRows) !== 1) return undefined;
        const link = await trx.selectFrom('recommendation_links').select('request_id').where('mail_id', '=', mailId).where('superseded_at', 'is', null).executeTakeFirst();
        if (!link) return { mailId, requestId: null };
        const request = await trx
          .updateTable('recommendation_requests')
          .set({ delivery_failure: failure, delivery_failed_at: now })
          .where('id', '=', link.request_id)
          .where('received_at', 'is', null)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        return { mailId, requestId: Number(request.numUpdatedRows) === 1 ? link.request_id : null };
      });
    },
  };
}

export type BounceStore = ReturnType<typeof bounceStore>;
