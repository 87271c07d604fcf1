import { addAnotherById, tabGroupById } from '../../common/form/form-state';
import type { AddAnotherCounts, TabChoices } from '../../common/api';
import type { Clock } from '../platform/clock';
import { badRequest } from '../http/errors';
import type { FormStateStore } from './form-state-store';
import type { SubmissionStore } from './submissions-store';
import { refuseWhenSubmitted } from './submission-guard';

export const formStateMessages = {
  tabSaved: 'Tab choice saved.',
  unknownTabGroup: 'tab_id must name a tab group of the application.',
  unknownTab: (tabs: readonly string[]) => `chosen_tab must be one of ${tabs.join(', ')}.`,
  countSaved: 'Number of blocks saved.',
  unknownButton: 'button_id must name an Add Another button of the application.',
  badCount: (max: number) => `num_components must be a whole number from 1 to ${max}.`,
  submitted: 'Your application has been submitted, so it can no longer be changed.',
} as const;

/** GET/PUT /api/tabs and /api/add-another (spec platform section 7): only known ids and values. */
export function createFormStateService(store: { formState: FormStateStore; submissions: SubmissionStore }, clock: Clock) {
  return {
    tabs: (accountId: string): Promise<TabChoices> => store.formState.tabs(accountId),

    async chooseTab(accountId: string, body: unknown): Promise<void> {
      const { tab_id: tabId, chosen_tab: chosenTab } = (body ?? {}) as { tab_id?: unknown; chosen_tab?: unknown };
      const group = typeof tabId === 'string' ? tabGroupById(tabId) : undefined;
      if (!group) throw badRequest(formStateMessages.unknownTabGroup);
      const tabIds = group.tabs.map((tab) => tab.id);
      if (typeof chosenTab !== 'string' || !tabIds.includes(chosenTab)) throw badRequest(formStateMessages.unknownTab(tabIds));
      await refuseWhenSubmitted(store, accountId, formStateMessages.submitted);
      await store.formState.setTab(accountId, group.id, chosenTab, clock());
    },

    addAnotherCounts: (accountId: string): Promise<AddAnotherCounts> => store.formState.addAnotherCounts(accountId),

    async setAddAnotherCount(accountId: string, body: unknown): Promise<void> {
      const { button_id: buttonId, num_components: count } = (body ?? {}) as { button_id?: unknown; num_components?: unknown };
      const button = typeof buttonId === 'string' ? addAnotherById(buttonId) : undefined;
      if (!button) throw badRequest(formStateMessages.unknownButton);
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > button.max) {
        throw badRequest(formStateMessages.badCount(button.max));
      }
      await refuseWhenSubmitted(store, accountId, formStateMessages.submitted);
      await store.formState.setAddAnotherCount(accountId, button.id, count, clock());
    },
  };
}

export type FormStateService = ReturnType<typeof createFormStateService>;
