import type { Kysely } from 'kysely';
import type { AddAnotherCounts, TabChoices } from '../../common/api';
import type { Database } from '../store/schema';

/** Tab choices and add-another counts: one row per applicant and id, replaced on each save. */
export function formStateStore(db: Kysely<Database>) {
  return {
    async tabs(accountId: string): Promise<TabChoices> {
      const rows = await db.selectFrom('tab_choices').select(['tab_id', 'chosen_tab']).where('account_id', '=', accountId).execute();
      return Object.fromEntries(rows.map((row) => [row.tab_id, row.chosen_tab]));
    },

    async setTab(accountId: string, tabId: string, chosenTab: string, now: number): Promise<void> {
      await db
        .insertInto('tab_choices')
        .values({ account_id: accountId, tab_id: tabId, chosen_tab: chosenTab, updated_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'tab_id']).doUpdateSet({ chosen_tab: chosenTab, updated_at: now }))
        .execute();
    },

    async addAnotherCounts(accountId: string): Promise<AddAnotherCounts> {
      const rows = await db
        .selectFrom('add_another_counts')
        .select(['button_id', 'num_components'])
        .where('account_id', '=', accountId)
        .execute();
      return Object.fromEntries(rows.map((row) => [row.button_id, row.num_components]));
    },

    async setAddAnotherCount(accountId: string, buttonId: string, count: number, now: number): Promise<void> {
      await db
        .insertInto('add_another_counts')
        .values({ account_id: accountId, button_id: buttonId, num_components: count, updated_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'button_id']).doUpdateSet({ num_components: count, updated_at: now }))
        .execute();
    },
  };
}

/** The form state part of the store, as the services that use it name it. */
export type FormStateStore = ReturnType<typeof formStateStore>;
