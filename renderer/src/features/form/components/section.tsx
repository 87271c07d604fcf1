import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Answers } from '../../../../../common/api';
import { addAnotherById, tabGroupById, type TabGroupDef } from '../../../../../common/form/form-state';
import { hasAnyAnswer, printedSlots, printedTab } from '../../../../../common/form/print';
import { slotSection } from '../../../../../common/form/repeat';
import type { QuestionDef, SectionDef } from '../../../../../common/form/types';
import { isQuestionShown, isSectionOpen } from '../../../../../common/form/visibility';
import { studentAnswersAtom } from '../../../state/answers';
import { isServiceUserAtom } from '../../../state/session';
import { useTabChoices } from '../../form-state/api/get-tab-choices';
import { Question } from './question';
import { AddAnother } from './widgets/add-another';
import { TabGroup } from './widgets/tab-group';

const FOCUSABLE = 'input, select, textarea';

function ShownQuestions({ questions, answers }: { questions: readonly QuestionDef[]; answers: Answers }) {
  return questions
    .filter((question) => isQuestionShown(question, answers))
    .map((question) => <Question key={question.key} question={question} />);
}

function tabQuestions(section: SectionDef, group: TabGroupDef, tabId: string): QuestionDef[] {
  const keys = group.tabs.find((tab) => tab.id === tabId)?.keys ?? [];
  return section.questions.filter((question) => keys.includes(question.key));
}

/**
 * The print view of a section (spec platform section 1, form-content section 4): no tabs and no
 * buttons. A tab group prints the chosen tab's content (the tab that holds an answer when the
 * choice is unknown); a repeated block prints every slot that holds an answer, the first always.
 */
function PrintSectionContent({ section, answers }: { section: SectionDef; answers: Answers }) {
  const choices = useTabChoices().data;
  const group = section.tabs && tabGroupById(section.tabs.groupId);
  if (group) {
    const chosen = printedTab(group, answers, choices);
    const tabKeys = new Set(group.tabs.flatMap((tab) => tab.keys));
    return (
      <>
        <ShownQuestions questions={chosen ? tabQuestions(section, group, chosen.id) : []} answers={answers} />
        <ShownQuestions questions={section.questions.filter((question) => !tabKeys.has(question.key))} answers={answers} />
      </>
    );
  }
  if (section.repeat) {
    const { blockTitle } = section.repeat;
    return printedSlots(section, answers).map((slot, index) => (
      <div key={slot.id} className="form-section__block">
        <h4 className="form-section__block-title">
          {blockTitle} {index + 1}
        </h4>
        <ShownQuestions questions={slot.questions} answers={answers} />
      </div>
    ));
  }
  return <ShownQuestions questions={section.questions} answers={answers} />;
}

/**
 * The questions of a section: one block per slot of a repeated section (Add Another), the tab's
 * questions inside a tab group with those of no tab beneath, or simply the questions in order.
 */
function SectionContent({ section, answers }: { section: SectionDef; answers: Answers }) {
  const button = section.repeat && addAnotherById(section.repeat.buttonId);
  if (section.repeat && button) {
    const { blockTitle } = section.repeat;
    return (
      <AddAnother
        button={button}
        renderBlock={(index) => {
          const slot = slotSection(section, index + 1);
          const headingId = `${slot.id}-block-title`;
          return (
            <div role="group" aria-labelledby={headingId} className="form-section__block">
              <h4 id={headingId} className="form-section__block-title">
                {blockTitle} {index + 1}
              </h4>
              <ShownQuestions questions={slot.questions} answers={answers} />
            </div>
          );
        }}
      />
    );
  }
  const group = section.tabs && tabGroupById(section.tabs.groupId);
  if (group) {
    const tabKeys = new Set(group.tabs.flatMap((tab) => tab.keys));
    return (
      <>
        <TabGroup
          group={group}
          label={section.title}
          renderTab={(tabId) => <ShownQuestions questions={tabQuestions(section, group, tabId)} answers={answers} />}
        />
        <ShownQuestions questions={section.questions.filter((question) => !tabKeys.has(question.key))} answers={answers} />
      </>
    );
  }
  return <ShownQuestions questions={section.questions} answers={answers} />;
}

/**
 * One section of a page: its heading, its trigger if it has one, then the questions on show.
 * A button trigger reveals the rest for good; so does any answer already given in it.
 */
export function FormSection({ section }: { section: SectionDef }) {
  const answers = useAtomValue(studentAnswersAtom);
  const print = useAtomValue(isServiceUserAtom);
  const [revealed, setRevealed] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  const titleId = `section-${section.id}-title`;
  const trigger = section.trigger;

  // The button that was clicked is gone: take the keyboard user on to the first revealed field.
  useEffect(() => {
    if (revealed) content.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [revealed]);

  const buttonOpen = trigger?.kind !== 'button' || revealed || hasAnyAnswer(section, answers);
  const open = buttonOpen && isSectionOpen(section, answers);

  return (
    <section className="form-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="form-section__title">
        {section.title}
      </h3>
      {section.intro && <p className="form-section__intro">{section.intro}</p>}
      {trigger?.kind === 'checkbox' && <Question question={{ key: trigger.key, widget: 'checkbox', label: trigger.label }} />}
      {trigger?.kind === 'button' && !buttonOpen && !print && (
        <button type="button" className="button button--secondary form-section__reveal" onClick={() => setRevealed(true)}>
          {trigger.label}
        </button>
      )}
      {open && (
        <div ref={content} className="form-section__content">
          {print ? <PrintSectionContent section={section} answers={answers} /> : <SectionContent section={section} answers={answers} />}
        </div>
      )}
    </section>
  );
}
