import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../backend/platform/clock';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { createLogger } from '../../backend/platform/log';
import { createStaffAdmin, STAFF_INVITATION_HOURS } from '../../backend/staff/staff-admin';
import type { Store } from '../../backend/open-store';
import type { Db } from '../../backend/store/db';
import { createObjectStore } from '../../backend/storage';
import { loadConfig } from '../../backend/platform/config';
import { uniqueEmail } from '../../scripts/support/accounts';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';

/**
 * Issue 19: an invitation row holds the TOTP secret it offers. Used, superseded or expired, it says
 * no more than an unknown link does, so none is kept: the account's secret lives on the account only.
 */
describe.each(dialects)('staff invitations on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let db: Db;
  let now = Date.UTC(2026, 10, 25, 12);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
    db = database.openDb();
  });
  afterAll(async () => {
    await db.close();
    await store.close();
    await database.drop();
  });

  const admin = () => createStaffAdmin({ store, clock: () => now, publicUrl: 'http://127.0.0.1' });
  const invitationsOf = async (email: string) => {
    const staff = await store.staff.findByEmail(email.toLowerCase());
    return db.kysely.selectFrom('staff_invitations').selectAll().where('staff_id', '=', staff!.id).execute();
  };

  it('keeps no invitation once used, and one only when invited again', async () => {
    const email = uniqueEmail('staff-used');
    await admin().add(email, 'reader');
    await admin().invite(email);
    const [live, ...others] = await invitationsOf(email);
    expect(others).toEqual([]);
    expect(await store.staff.findLiveInvitation(live!.id_hash, now)).toBeDefined();

    const enrolled = await store.staff.enrol(live!.id_hash, { passwordHash: 'h', totpSecret: live!.totp_secret, totpStep: 1, recoveryCodeHashes: [] }, now);
    expect(enrolled).toBe(true);
    expect(await invitationsOf(email)).toEqual([]);
    expect(await store.staff.enrol(live!.id_hash, { passwordHash: 'h', totpSecret: 'x', totpStep: 2, recoveryCodeHashes: [] }, now)).toBe(false);
    expect((await store.staff.findByEmail(email.toLowerCase()))?.totp_secret).toBe(live!.totp_secret);
  });

  it('has housekeeping delete expired invitations and keep live ones', async () => {
    const expired = uniqueEmail('staff-expired');
    const live = uniqueEmail('staff-live');
    await admin().add(expired, 'reader');
    now += STAFF_INVITATION_HOURS * HOUR_MS;
    await admin().add(live, 'reader');
    const [stale] = await invitationsOf(expired);
    expect(await store.staff.findLiveInvitation(stale!.id_hash, now)).toBeUndefined();

    const config = loadConfig({ DATA_DIR: database.dataDir });
    await purgeExpired({ store, objects: createObjectStore(config, () => now), config, clock: () => now, logger: createLogger('silent') });
    expect(await invitationsOf(expired)).toEqual([]);
    expect(await invitationsOf(live)).toHaveLength(1);
  });
});
