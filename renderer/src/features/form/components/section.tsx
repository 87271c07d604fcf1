import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { Answers } from '../../../../../common/api';
import { isAnswered } from '../../../../../common/form/conditions';
import type { SectionDef } from '../../../../../common/form/types';
import { isQuestionShown, isSectionOpen, sectionKeys } from '../../../../../common/form/visibility';
import { studentAnswersAtom } from '../../../state/answers';
import { isServiceUserAtom } from '../../../state/session';
import { Question } from './question';

const FOCUSABLE = 'input, select, textarea';

function hasAnyAnswer(section: SectionDef, answers: Answers): boolean {
  return sectionKeys(section).some((key) => isAnswered(answers[key]));
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
          {section.questions
            .filter((question) => isQuestionShown(question, answers))
            .map((question) => (
              <Question key={question.key} question={question} />
            ))}
        </div>
      )}
    </section>
  );
}
