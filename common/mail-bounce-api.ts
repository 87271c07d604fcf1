// POST /admin/mail/bounces (tokenPaths.adminMailBounces; Authorization: Bearer ADMIN_API_KEY): the
// raw bounce an MTA received for an outbox mail, as message/rfc822 or text/plain (issue 28 item 2).

/** The largest bounce taken: a report with the returned message's headers fits many times over. */
export const BOUNCE_BODY_LIMIT_BYTES = 512 * 1024;

/** 200: the permanent failure recorded. 202: a report that changed nothing (not permanent, or no mail of ours). */
export type BounceResponse =
  | { recorded: true; mail_id: string; request_id: string | null; status: string; failure: string }
  | { recorded: false; reason: 'not-permanent' | 'no-matching-mail'; status: string | null };
