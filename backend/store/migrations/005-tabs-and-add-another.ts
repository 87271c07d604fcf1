import type { Kysely } from 'kysely';

/** The applicant's chosen tab per tab group and block count per add-another button. */
export const tabsAndAddAnother = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tab_choices')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('tab_id', 'text', (c) => c.notNull())
      .addColumn('chosen_tab', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('tab_choices_pk', ['account_id', 'tab_id'])
      .execute();
    await db.schema
      .createTable('add_another_counts')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('button_id', 'text', (c) => c.notNull())
      .addColumn('num_components', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('add_another_counts_pk', ['account_id', 'button_id'])
      .execute();
  },
};
