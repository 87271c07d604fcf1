import { hashKey, useIsFetching, useQueries, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ConversionStatusResponse, DocumentAnswers } from '../../../../../../common/api';
import { isAnswered } from '../../../../../../common/form/conditions';
import type { TabGroupDef } from '../../../../../../common/form/types';
import { isUploadKey } from '../../../../lib/answer-kinds';
import { Modal } from '../../../../components/ui/modal';
import { showErrorToast } from '../../../../components/ui/notifications';
import { queryKeys } from '../../../../lib/query-keys';
import { answersAtom, setAnswersAtom } from '../../../answers/typed-answers';
import { markSavedAtom } from '../../../answers';
import { isLoggedInAtom } from '../../../../state/session';
import { fieldErrorsAtom } from '../../../../state/validation';
import { deleteConversion, getConversionStatusQueryOptions, isConversionPending, useDocumentAnswers } from '../../../documents';
import { useTabChoices, useSaveTabChoice } from '../../../form-state';
import { ErrorList, errorIdOf } from './field-parts';
import { SwitchTabDialog, type DiscardedWork } from './switch-tab-dialog';

export const UPLOAD_IN_PROGRESS_TITLE = 'File Upload in Progress';
export const UPLOAD_IN_PROGRESS_MESSAGE = 'Please wait until the file upload has completed.';
export const tabErrorLabel = (group: TabGroupDef) => `Error handling tabs for ${group.defaultTab}`;

interface TabGroupProps {
  group: TabGroupDef;
  /** The content of one tab, by tab id. */
  renderTab: (tabId: string) => ReactNode;
  /** Names the tab list for assistive technology. */
  label?: string;
}

const tabIdOf = (group: TabGroupDef, tab: string) => `${group.id}--tab-${tab}`;
const panelIdOf = (group: TabGroupDef) => `${group.id}--panel`;

const NEXT_INDEX: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Alternative answer modes, such as typing an essay or uploading it (form-content sections 2 item
 * 8 and 4). A visitor sees only the default tab. An applicant's choice is stored; switching away
 * deletes the old tab's document and clears its answers, and waits while its upload is under way.
 * A switch that would remove typed text or a document asks first (issue 17 item 1).
 */
export function TabGroup({ group, renderTab, label }: TabGroupProps) {
  const queryClient = useQueryClient();
  const store = useStore();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const setAnswers = useSetAtom(setAnswersAtom);
  const markSaved = useSetAtom(markSavedAtom);
  const choices = useTabChoices();
  const documents = useDocumentAnswers();
  const saveTab = useSaveTabChoice();
  const [switching, setSwitching] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState<{ tabId: string; tabLabel: string; discarded: DiscardedWork } | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const defaultTab = group.tabs.find((tab) => tab.id === group.defaultTab) ?? group.tabs[0]!;
  const stored = isLoggedIn ? choices.data?.[group.id] : undefined;
  const current = group.tabs.find((tab) => tab.id === stored) ?? defaultTab;
  const visibleTabs = isLoggedIn ? group.tabs : [defaultTab];
  const fieldErrors = useAtomValue(fieldErrorsAtom);
  const otherTabErrors = group.tabs
    .filter((tab) => tab.id !== current.id)
    .flatMap((tab) => tab.keys)
    .flatMap((key) => (fieldErrors[key]?.length ? [[key, fieldErrors[key]] as const] : []));

  // Disabled observers: they only watch what the upload widget polls.
  const conversions = useQueries({
    queries: current.keys.map((key) => ({ ...getConversionStatusQueryOptions(key), enabled: false })),
  });
  const conversionHashes = current.keys.map((key) => hashKey(queryKeys.conversionStatus(key)));
  const fetching = useIsFetching({ predicate: (query) => conversionHashes.includes(query.queryHash) });
  const uploadUnderWay = fetching > 0 || conversions.some((conversion) => isConversionPending(conversion.data?.status));

  // Read at the click as well: an upload's first status is written to a query just made anew, which
  // the observers above follow only from their next render.
  const uploadStarting = () =>
    current.keys.some((key) => isConversionPending(queryClient.getQueryData<ConversionStatusResponse>(queryKeys.conversionStatus(key))?.status));

  const keysWithDocument = () =>
    current.keys.filter((key, index) => documents.data?.[key] !== undefined || conversions[index]?.data?.status === 'COMPLETED');

  /** What leaving the current tab would remove, read at the click (a text area commits on blur). */
  function workDiscarded(): DiscardedWork | null {
    if (keysWithDocument().length > 0) return 'document';
    const answers = store.get(answersAtom);
    const answered = current.keys.filter((key) => isAnswered(answers[key]));
    if (answered.length === 0) return null;
    return answered.some(isUploadKey) ? 'document' : 'text';
  }

  function requestSwitch(tabId: string) {
    if (tabId === current.id) return;
    if (switching || uploadUnderWay || uploadStarting()) {
      setBlocked(true);
      return;
    }
    // A click that leaves the focus in the panel (WebKit's on a button) has not blurred the text
    // area there, whose words reach the answers on blur: blur it first, so what is read is what was typed.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && panelRef.current?.contains(focused)) focused.blur();
    const discarded = workDiscarded();
    const tab = group.tabs.find((candidate) => candidate.id === tabId);
    if (discarded && tab) setPending({ tabId, tabLabel: tab.label, discarded });
    else void switchTo(tabId);
  }

  async function switchTo(tabId: string) {
    setSwitching(true);
    try {
      const withDocument = keysWithDocument();
      try {
        await Promise.all(withDocument.map((key) => deleteConversion(key)));
      } catch {
        setBlocked(true);
        return;
      }
      if (withDocument.length > 0) {
        queryClient.setQueryData<DocumentAnswers>(queryKeys.documentAnswers(), (old) => {
          const next = { ...old };
          for (const key of withDocument) delete next[key];
          return next;
        });
        for (const key of withDocument) queryClient.removeQueries({ queryKey: queryKeys.conversionStatus(key) });
        const cleared = Object.fromEntries(withDocument.map((key) => [key, null]));
        setAnswers(cleared);
        markSaved(cleared);
      }
      await saveTab.mutateAsync({ tab_id: group.id, chosen_tab: tabId });
      setAnswers(Object.fromEntries(current.keys.map((key) => [key, null])));
    } catch (error) {
      showErrorToast(tabErrorLabel(group), error instanceof Error ? error.message : String(error));
      // The reset after a tab error (form-content section 7): the documents and conversions a failed
      // switch may have left half changed are read again from the server.
      void queryClient.invalidateQueries({ queryKey: queryKeys.documentAnswers() });
      for (const key of group.tabs.flatMap((tab) => tab.keys)) void queryClient.invalidateQueries({ queryKey: queryKeys.conversionStatus(key) });
    } finally {
      setSwitching(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = NEXT_INDEX[event.key];
    if (!next) return;
    event.preventDefault();
    tabRefs.current[next(index, visibleTabs.length)]?.focus();
  }

  return (
    <div className="tab-group">
      {/* A message about a key whose tab is not on show (the essay must be typed or uploaded) stands
          above the tabs under that key's id, so the error summary's link lands here. */}
      {otherTabErrors.map(([key, messages]) => (
        <div key={key} id={key} tabIndex={-1} className="tab-group__errors">
          <ErrorList id={errorIdOf(key)} messages={messages} />
        </div>
      ))}
      <div role="tablist" aria-label={label} className="tab-group__list">
        {visibleTabs.map((tab, index) => {
          const selected = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabIdOf(group, tab.id)}
              aria-selected={selected}
              aria-controls={panelIdOf(group)}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'tab-group__tab tab-group__tab--selected' : 'tab-group__tab'}
              onClick={() => requestSwitch(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div ref={panelRef} role="tabpanel" id={panelIdOf(group)} aria-labelledby={tabIdOf(group, current.id)} aria-busy={switching || undefined} className="tab-group__panel">
        {renderTab(current.id)}
      </div>
      <SwitchTabDialog
        pending={pending}
        onCancel={() => setPending(null)}
        onSwitch={() => {
          const tabId = pending?.tabId;
          setPending(null);
          if (tabId) void switchTo(tabId);
        }}
      />
      <Modal isOpen={blocked} onClose={() => setBlocked(false)} title={UPLOAD_IN_PROGRESS_TITLE} size="xs">
        <p>{UPLOAD_IN_PROGRESS_MESSAGE}</p>
        <div className="form-dialog__actions">
          <button type="button" className="button button--primary" onClick={() => setBlocked(false)}>
            OK
          </button>
        </div>
      </Modal>
    </div>
  );
}
