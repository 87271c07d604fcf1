import { sql, type ExpressionBuilder, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { enqueueMail, mailDeliveries, type NewMail } from '../mail/mail-outbox-store';
import type { Dialect } from '../store/dialect';
import type { RecommendationLinksTable, RecommendationRequestsTable } from '../store/recommendation-schema';
import type { Database } from '../store/schema';

/** A request with the expiry of its current link. */
export type RecommendationRequest = RecommendationRequestsTable & { expires_at: number };
export type RecommendationLink = RecommendationLinksTable;

/** The update that receives a letter, before it picks its request. */
type ReceiveUpdate = UpdateQueryBuilder<Database, 'recommendation_requests', 'recommendation_requests', UpdateResult>;

/** A request as named: who, for whom. */
export type NewRecommendationRequest = Pick<RecommendationRequestsTable, 'id' | 'account_id' | 'recommender_name' | 'recommender_email' | 'relationship'>;

/** A new link for a request: its hash and expiry, and the invitation that carries it. */
export interface Invitation {
  tokenHash: string;
  expiresAt: number;
  mail: NewMail;
}

/**
 * Letters of recommendation (issue 28). Each change that mails the recommender writes the mail to
 * the outbox in its own transaction, so a request never lacks its invitation, nor a mail its link.
 */
export function recommendationStore(db: Kysely<Database>, dialect: Dialect) {
  /** Requests with their current link's expiry and how its invitation fared (the mail layer's deliveries, while it keeps the mail). */
  const requests = (from: Kysely<Database> = db) =>
    from
      .selectFrom('recommendation_requests as r')
      .innerJoin('recommendation_links as l', (join) => join.onRef('l.request_id', '=', 'r.id').on('l.superseded_at', 'is', null))
      .leftJoin(mailDeliveries(db).as('m'), 'm.id', 'l.mail_id')
      .selectAll('r')
      .select(['l.expires_at', 'm.status as mail_status', 'm.refused_at as mail_refused_at', 'm.last_error as mail_error']);
  type Joined = Awaited<ReturnType<ReturnType<typeof requests>['executeTakeFirstOrThrow']>>;
  /** The refusal kept on the request, or the one the outbox holds for its current invitation until housekeeping keeps it. */
  const withDeliveryFailure = ({ mail_status, mail_refused_at, mail_error, ...request }: Joined): RecommendationRequest => {
    if (request.delivery_failure !== null || mail_refused_at === null || mail_status === 'SENT') return request;
    return { ...request, delivery_failure: mail_error, delivery_failed_at: mail_refused_at };
  };
  /** The current invitation's mail, when the server refused it for good and it was not delivered since. */
  const refusedInvitation = (from: ExpressionBuilder<Database, 'recommendation_requests'>) =>
    from
      .selectFrom('recommendation_links as l')
      .innerJoin(mailDeliveries(db).as('m'), 'm.id', 'l.mail_id')
      .whereRef('l.request_id', '=', 'recommendation_requests.id')
      .where('l.superseded_at', 'is', null)
      .where('m.refused_at', 'is not', null)
      .where('m.status', '<>', 'SENT');
  /** Revokes the request while the applicant may still change it: not revoked, no letter yet. */
  const revokeChangeable = (from: Kysely<Database>, accountId: string, id: string, now: number) =>
    from
      .updateTable('recommendation_requests')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('received_at', 'is', null)
      .executeTakeFirst();

  async function addLink(trx: Kysely<Database>, requestId: string, invitation: Invitation, now: number): Promise<void> {
    const mailId = await enqueueMail(trx, invitation.mail, now);
    await trx.insertInto('recommendation_links').values({ token_hash: invitation.tokenHash, request_id: requestId, created_at: now, expires_at: invitation.expiresAt, mail_id: mailId, superseded_at: null }).execute();
  }

  async function insert(trx: Kysely<Database>, row: NewRecommendationRequest, invitation: Invitation, now: number): Promise<RecommendationRequest> {
    const created: RecommendationRequestsTable = {
      ...row,
      created_at: now,
      opened_at: null,
      received_at: null,
      revoked_at: null,
      invitations_sent: 1,
      last_sent_at: now,
      delivery_failure: null,
      delivery_failed_at: null,
      letter_text: null,
    };
    await trx.insertInto('recommendation_requests').values(created).execute();
    await addLink(trx, row.id, invitation, now);
    return { ...created, expires_at: invitation.expiresAt };
  }

  /** Counts the applicant's requests with the account row locked (PostgreSQL; SQLite runs one write at a time), so two at once cannot pass the limit together. */
  /** Marks the request `which` picks received now, while it is not revoked and has no letter, and records the note in the same transaction. */
  async function receive(which: (update: ReceiveUpdate) => ReceiveUpdate, now: number, note: NewMail): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const update = trx
        .updateTable('recommendation_requests')
        .set((eb) => ({ received_at: now, opened_at: eb.fn.coalesce('opened_at', eb.val(now)) }))
        .where('revoked_at', 'is', null)
        .where('received_at', 'is', null);
      const updated = await which(update).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, note, now);
      return true;
    });
  }

  async function activeCount(trx: Kysely<Database>, accountId: string): Promise<number> {
    if (dialect === 'postgres') await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
    const row = await trx
      .selectFrom('recommendation_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    /** The applicant's requests not revoked, oldest first. */
    async listFor(accountId: string): Promise<RecommendationRequest[]> {
      const rows = await requests().where('r.account_id', '=', accountId).where('r.revoked_at', 'is', null).orderBy('r.created_at').orderBy('r.id').execute();
      return rows.map(withDeliveryFailure);
    },

    /** One of the applicant's requests not revoked; another applicant's id finds nothing. */
    async findFor(accountId: string, id: string): Promise<RecommendationRequest | undefined> {
      const row = await requests().where('r.id', '=', id).where('r.account_id', '=', accountId).where('r.revoked_at', 'is', null).executeTakeFirst();
      return row && withDeliveryFailure(row);
    },

    /** The link a token's hash names, current or superseded, and its request. */
    async findByTokenHash(tokenHash: string): Promise<{ link: RecommendationLink; request: RecommendationRequestsTable } | undefined> {
      const link = await db.selectFrom('recommendation_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      const request = link && (await db.selectFrom('recommendation_requests').selectAll().where('id', '=', link.request_id).executeTakeFirst());
      return link && request ? { link, request } : undefined;
    },

    /** Names a recommender and records the invitation, unless the applicant already has `accepted` requests not revoked. */
    async create(row: NewRecommendationRequest, invitation: Invitation, accepted: number, now: number): Promise<RecommendationRequest | 'too-many'> {
      return db.transaction().execute(async (trx) => ((await activeCount(trx, row.account_id)) >= accepted ? 'too-many' : insert(trx, row, invitation, now)));
    },

    /** Revokes the request and names its replacement (a corrected address, or someone else), with its invitation; undefined if the request cannot change. */
    async replace(id: string, row: NewRecommendationRequest, invitation: Invitation, now: number): Promise<RecommendationRequest | undefined> {
      return db.transaction().execute(async (trx) => {
        const revoked = await revokeChangeable(trx, row.account_id, id, now);
        return Number(revoked.numUpdatedRows) === 1 ? insert(trx, row, invitation, now) : undefined;
      });
    },

    /**
     * A new link for the request, superseding the current one, and its invitation; undefined if the
     * request cannot change, or (given `invitationsSent`) if another invitation went in the meantime.
     */
    async reinvite(accountId: string, id: string, invitation: Invitation, now: number, invitationsSent?: number): Promise<RecommendationRequest | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('recommendation_requests')
          .set((eb) => ({ invitations_sent: eb('invitations_sent', '+', 1), last_sent_at: now, delivery_failure: null, delivery_failed_at: null }))
          .where('id', '=', id)
          .where('account_id', '=', accountId)
          .where('revoked_at', 'is', null)
          .where('received_at', 'is', null)
          .$if(invitationsSent !== undefined, (qb) => qb.where('invitations_sent', '=', invitationsSent!))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return undefined;
        await trx.updateTable('recommendation_links').set({ superseded_at: now }).where('request_id', '=', id).where('superseded_at', 'is', null).execute();
        await addLink(trx, id, invitation, now);
        const row = await requests(trx).where('r.id', '=', id).executeTakeFirst();
        return row && withDeliveryFailure(row);
      });
    },

    /** Requests still waiting for a letter whose only invitation went before `sentBefore`: the reminders due. */
    async dueForReminder(sentBefore: number, limit: number): Promise<RecommendationRequestsTable[]> {
      return db
        .selectFrom('recommendation_requests')
        .selectAll()
        .where('revoked_at', 'is', null)
        .where('received_at', 'is', null)
        .where('invitations_sent', '=', 1)
        .where('last_sent_at', '<', sentBefore)
        .orderBy('last_sent_at')
        .limit(limit)
        .execute();
    },

    /** Revokes a request without a letter; whether there was one to revoke. */
    async revoke(accountId: string, id: string, now: number): Promise<boolean> {
      return Number((await revokeChangeable(db, accountId, id, now)).numUpdatedRows) === 1;
    },

    /**
     * Copies each current invitation's refusal from the outbox onto its request, before housekeeping
     * deletes finished mails: the applicant's checklist keeps saying the address was refused.
     */
    async keepDeliveryFailures(): Promise<void> {
      await db
        .updateTable('recommendation_requests')
        .set((eb) => ({
          delivery_failure: refusedInvitation(eb).select('m.last_error').limit(1),
          delivery_failed_at: refusedInvitation(eb).select('m.refused_at').limit(1),
        }))
        .where('delivery_failure', 'is', null)
        .where('received_at', 'is', null)
        .where((eb) => eb.exists(refusedInvitation(eb).select('m.id')))
        .execute();
    },

    /** The first time the recommender opened the page; later openings keep it. */
    async markOpened(id: string, now: number): Promise<void> {
      await db.updateTable('recommendation_requests').set({ opened_at: now }).where('id', '=', id).where('opened_at', 'is', null).execute();
    },

    /** Keeps the letter if the link is still the request's current one at `now` (not revoked, superseded or expired, no letter yet); whether it was kept. */
    /**
     * Keeps a typed letter through the token's current link, with the applicant's note that it
     * arrived in the same transaction; false when the link or the request no longer takes one.
     */
    async receiveLetter(tokenHash: string, letterText: string, now: number, note: NewMail): Promise<boolean> {
      const currentLink = db
        .selectFrom('recommendation_links')
        .select('request_id')
        .where('token_hash', '=', tokenHash)
        .where('superseded_at', 'is', null)
        .where('expires_at', '>', now);
      return receive((update) => update.set({ letter_text: letterText }).where('id', 'in', currentLink), now, note);
    },

    /**
     * An uploaded letter's conversion completed: the request is received now (no text: the letter
     * is the converted document), with the applicant's note; false when it was revoked or already
     * had its letter (a typed one that came first).
     */
    async receiveUploadedLetter(id: string, now: number, note: NewMail): Promise<boolean> {
      return receive((update) => update.where('id', '=', id), now, note);
    },

    /**
     * Requests whose uploaded letter's conversion completed but which were never received (the
     * instance stopped between the two): the sweep receives them.
     */
    async convertedNotReceived(letterKeyPrefix: string, limit: number): Promise<RecommendationRequestsTable[]> {
      return db
        .selectFrom('recommendation_requests as r')
        .selectAll('r')
        .where('r.received_at', 'is', null)
        .where('r.revoked_at', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('conversions as c')
              .select('c.id')
              .whereRef('c.account_id', '=', 'r.account_id')
              .where('c.status', '=', 'COMPLETED')
              .where('c.answer_key', '=', sql<string>`${letterKeyPrefix} || r.id`),
          ),
        )
        .limit(limit)
        .execute();
    },

    async findById(id: string): Promise<RecommendationRequestsTable | undefined> {
      return db.selectFrom('recommendation_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The letters received for the account, oldest first: what the office's PDF appends. */
    async receivedFor(accountId: string): Promise<RecommendationRequestsTable[]> {
      return db
        .selectFrom('recommendation_requests')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('received_at', 'is not', null)
        .where('revoked_at', 'is', null)
        .orderBy('received_at')
        .orderBy('id')
        .execute();
    },
  };
}

/** The letters of recommendation part of the store, as the services that use it name it. */
export type RecommendationStore = ReturnType<typeof recommendationStore>;
