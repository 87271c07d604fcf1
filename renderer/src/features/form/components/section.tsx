import { Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { hasAnyAnswer } from '../../../../../common/form/print';
import { slotSection } from '../../../../../common/form/repeat';
import type { QuestionDef, SectionDef, TabGroupDef } from '../../../../../common/form/types';
import { isQuestionShown, isSectionOpen, keysQuestionsShownRead, sectionKeys } from '../../../../../common/form/visibility';
import { answersOfAtom } from '../../answers/typed-answers';
import { sameItems } from '../../../state/field-state';
import { Question } from './question';
import { lazyWidget } from './widgets/lazy-widget';

/**
 * The tab group, with its dialog and the documents it deletes on a switch, loads with the pages
 * that have one (page-parts.ts), not with About You, which has none (issue 26, item 5).
 */
export const TabGroup = lazyWidget(() => import('./widgets/tab-group').then((module) => module.TabGroup));

/** So does Add Another, with its Remove and the dialog that asks before a block goes (issue 33). */
export const AddAnother = lazyWidget(() => import('./widgets/add-another').then((module) => module.AddAnother));

const FOCUSABLE = 'input, select, textarea';

const keepOnPage = (event: FormEvent) => event.preventDefault();

/**
 * The form owner of the controls inside it, with no box of its own (display: contents) and no
 * submission (answers are saved by the page's buttons and autosave; Enter submits nothing).
 * Chromium's autofill reads the whole form of the control typed in on every change: one form
 * per section, and per repeated block, keeps that to a block's controls instead of the page's
 * 150 unowned ones (issue 18, item 1).
 */
function ControlGroup({ children }: { children: ReactNode }) {
  return (
    <form noValidate onSubmit={keepOnPage} style={{ display: 'contents' }}>
      {children}
    </form>
  );
}

/**
 * The questions on show; looks again only when an answer their conditions read changes, and
 * re-renders only when which of them are shown changes, not per keystroke.
 */
function ShownQuestions({ questions }: { questions: readonly QuestionDef[] }) {
  const shownAtom = useMemo(
    () => selectAtom(answersOfAtom(keysQuestionsShownRead(questions)), (answers) => questions.filter((question) => isQuestionShown(question, answers)), sameItems),
    [questions],
  );
  return useAtomValue(shownAtom).map((question) => <Question key={question.key} question={question} />);
}

// Slot n of a repeated section, made once: its questions keep their identity across renders, so
// the memoized Question of each does not re-render with its block.
const slotsMade = new WeakMap<SectionDef, Map<number, SectionDef>>();
function slotOf(section: SectionDef, slot: number): SectionDef {
  let slots = slotsMade.get(section);
  if (!slots) slotsMade.set(section, (slots = new Map()));
  let made = slots.get(slot);
  if (!made) slots.set(slot, (made = slotSection(section, slot)));
  return made;
}

function tabQuestions(section: SectionDef, group: TabGroupDef, tabId: string): QuestionDef[] {
  const keys = group.tabs.find((tab) => tab.id === tabId)?.keys ?? [];
  return section.questions.filter((question) => keys.includes(question.key));
}

/**
 * The questions of a section: one block per slot of a repeated section (Add Another), the tab's
 * questions inside a tab group with those of no tab beneath, or simply the questions in order.
 */
function SectionContent({ section }: { section: SectionDef }) {
  const button = section.repeat?.button;
  if (button) {
    return (
      // The page waits for Add Another before it shows (page-parts.ts); this is only a fallback.
      <Suspense fallback={null}>
        <AddAnother
          button={button}
          section={section}
          renderBlock={(index) => (
            <ControlGroup>
              <ShownQuestions questions={slotOf(section, index + 1).questions} />
            </ControlGroup>
          )}
        />
      </Suspense>
    );
  }
  const group = section.tabs;
  if (group) {
    const tabKeys = new Set(group.tabs.flatMap((tab) => tab.keys));
    return (
      <ControlGroup>
        {/* The page waits for the tab group before it shows (page-parts.ts); this is only a fallback. */}
        <Suspense fallback={null}>
          <TabGroup
            group={group}
            label={section.title}
            renderTab={(tabId) => <ShownQuestions questions={tabQuestions(section, group, tabId)} />}
          />
        </Suspense>
        <ShownQuestions questions={section.questions.filter((question) => !tabKeys.has(question.key))} />
      </ControlGroup>
    );
  }
  return (
    <ControlGroup>
      <ShownQuestions questions={section.questions} />
    </ControlGroup>
  );
}

/**
 * One section of a page: its heading, its trigger if it has one, then the questions on show.
 * A button trigger reveals the rest for good; so does any answer already given in it.
 */
export function FormSection({ section }: { section: SectionDef }) {
  // What the section's frame depends on, selected so that typing in it does not re-render it.
  const [answeredAtom, checkboxOpenAtom] = useMemo(
    () => [
      selectAtom(answersOfAtom(section.trigger?.kind === 'button' ? sectionKeys(section) : []), (answers) => section.trigger?.kind === 'button' && hasAnyAnswer(section, answers)),
      selectAtom(answersOfAtom(section.trigger?.kind === 'checkbox' ? [section.trigger.key] : []), (answers) => isSectionOpen(section, answers)),
    ],
    [section],
  );
  const answered = useAtomValue(answeredAtom);
  const checkboxOpen = useAtomValue(checkboxOpenAtom);
  const [revealed, setRevealed] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const titleId = `section-${section.id}-title`;
  const trigger = section.trigger;

  // The button that was clicked is gone: take the keyboard user on to the first revealed field.
  useEffect(() => {
    if (revealed) content.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [revealed]);

  const triggerQuestion = useMemo<QuestionDef | undefined>(
    () => (trigger?.kind === 'checkbox' ? { key: trigger.key, widget: 'checkbox', label: trigger.label } : undefined),
    [trigger],
  );
  const buttonOpen = trigger?.kind !== 'button' || revealed || answered;
  const open = buttonOpen && checkboxOpen;

  return (
    <section className="form-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="form-section__title">
        {section.title}
      </h3>
      {section.intro && <p className="form-section__intro">{section.intro}</p>}
      {triggerQuestion && <Question question={triggerQuestion} />}
      {trigger?.kind === 'button' && !buttonOpen && (
        <button type="button" className="button button--secondary form-section__reveal" onClick={() => setRevealed(true)}>
          {trigger.label}
        </button>
      )}
      {open && (
        <div ref={content} className="form-section__content">
          <SectionContent section={section} />
        </div>
      )}
    </section>
  );
}
