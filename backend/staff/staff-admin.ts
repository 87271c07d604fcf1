import { randomUUID } from 'node:crypto';
import { staffRoles, type StaffRole } from '../../common/staff-api';
import { staffPages } from '../../common/staff-pages';
import { normalizeUsername } from '../../common/auth/card-schemas';
import { HOUR_MS, type Clock } from '../platform/clock';
import { hashSecret, randomToken } from '../security/secrets';
import type { MailMessage } from '../mail/mailer';
import type { StaffStore } from './staff-store';
import { staffInvitationMessage } from './invitation-mail';
import { newTotpSecret } from './totp';

/** How long an invitation link works. */
export const STAFF_INVITATION_HOURS = 72;
export const INVITATION_SCOPE = 'staff-invitation';

/** A refusal of a command (an address taken or unknown, a bad role): printed as it is. */
export class StaffCommandError extends Error {}

export interface StaffAdminDeps {
  store: { staff: StaffStore };
  clock: Clock;
  publicUrl: string;
  /** Told after an invitation was recorded in the outbox (development prints the link). */
  onMailQueued?: (message: MailMessage) => void;
}

export interface StaffListing {
  email: string;
  role: StaffRole;
  /** 'active' once enrolled, 'invited' until then. */
  state: 'active' | 'invited';
  created_at: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What `npm run staff` does: add, invite again, remove and list staff accounts. */
export function createStaffAdmin(deps: StaffAdminDeps) {
  const { store, clock } = deps;

  function newInvitation(staff: { id: string; email: string }, now: number) {
    const id = randomToken();
    const link = `${deps.publicUrl}${staffPages.enrol}?${new URLSearchParams({ id })}`;
    const message = staffInvitationMessage(staff.email, link, STAFF_INVITATION_HOURS);
    const invitation = {
      id_hash: hashSecret(INVITATION_SCOPE, id),
      staff_id: staff.id,
      totp_secret: newTotpSecret(),
      expires_at: now + STAFF_INVITATION_HOURS * HOUR_MS,
      used_at: null,
      created_at: now,
    };
    return { invitation, message, mail: { recipient: message.to, subject: message.subject, body: message.text } };
  }

  function checkEmail(raw: string): string {
    const email = normalizeUsername(raw);
    if (!EMAIL.test(email) || email.length > 254) throw new StaffCommandError(`"${raw}" is not an e-mail address.`);
    return email;
  }

  async function existing(raw: string) {
    const email = checkEmail(raw);
    const staff = await store.staff.findByEmail(email);
    if (!staff) throw new StaffCommandError(`There is no staff account for ${email}.`);
    return staff;
  }

  return {
    async add(rawEmail: string, role: string): Promise<{ email: string; expiresAt: number }> {
      if (!(staffRoles as readonly string[]).includes(role)) throw new StaffCommandError(`--role must be ${staffRoles.join(' or ')} (got "${role}").`);
      const email = checkEmail(rawEmail);
      const now = clock();
      const staff = { id: randomUUID(), email };
      const { invitation, message, mail } = newInvitation(staff, now);
      if (!(await store.staff.create({ ...staff, role: role as StaffRole, created_at: now }, invitation, mail))) {
        throw new StaffCommandError(`${email} already has a staff account (use "invite" to send a new invitation).`);
      }
      deps.onMailQueued?.(message);
      return { email, expiresAt: invitation.expires_at };
    },

    /** A new invitation: the old password, second factor, recovery codes and sessions stop working. */
    async invite(rawEmail: string): Promise<{ email: string; expiresAt: number }> {
      const staff = await existing(rawEmail);
      const { invitation, message, mail } = newInvitation(staff, clock());
      await store.staff.reinvite(invitation, mail);
      deps.onMailQueued?.(message);
      return { email: staff.email, expiresAt: invitation.expires_at };
    },

    async remove(rawEmail: string): Promise<string> {
      const staff = await existing(rawEmail);
      await store.staff.remove(staff.id);
      return staff.email;
    },

    async list(): Promise<StaffListing[]> {
      return (await store.staff.list()).map((staff) => ({
        email: staff.email,
        role: staff.role,
        state: staff.enrolled_at === null ? 'invited' : 'active',
        created_at: new Date(staff.created_at).toISOString(),
      }));
    },
  };
}

export type StaffAdmin = ReturnType<typeof createStaffAdmin>;
