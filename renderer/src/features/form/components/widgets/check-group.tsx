import {
  ChoiceFieldset,
  errorIdOf,
  type WidgetProps,
  type WidgetView,
} from './field-parts';

/**
 * Several boxes under one legend, each its own true/false key. The group's messages and its
 * members' show together beneath it; each member keeps its key as id for error links.
 */
function CheckGroup({ question, answers, errors, fieldErrors, hint, hintId, onChange }: WidgetProps) {
  const members = question.members ?? [];
  const messages = [...errors, ...members.flatMap((member) => fieldErrors[member.key] ?? [])];
  const errorId = errorIdOf(question.key);
  return (
    <ChoiceFieldset question={question} messages={messages} hint={hint} hintId={hintId} choicesClassName="choices">
      {members.map((member) => {
        const memberInvalid = (fieldErrors[member.key]?.length ?? 0) > 0;
        return (
          <div key={member.key} className="choice">
            <input
              id={member.key}
              name={member.key}
              type="checkbox"
              checked={answers[member.key] === true}
              aria-invalid={memberInvalid}
              aria-describedby={memberInvalid ? errorId : undefined}
              onChange={(event) => onChange({ [member.key]: event.target.checked })}
            />
            <label htmlFor={member.key}>{member.label}</label>
          </div>
        );
      })}
    </ChoiceFieldset>
  );
}

export const checkGroupWidget: WidgetView = { Edit: CheckGroup };
