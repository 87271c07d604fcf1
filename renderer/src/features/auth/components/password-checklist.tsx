import { passwordRules } from '../../../../../common/auth/password-rules';

interface PasswordChecklistProps {
  /** Referenced by the password input's aria-describedby. */
  id: string;
  password: string;
}

/** The live requirements list of the sign-up and reset cards; met or not is said in words too. */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  return (
    <div id={id} className="checklist">
      {/* Not a label of the list: "password" in a list's name would make the Password input's
          label ambiguous. The input's aria-describedby reads this whole block. */}
      <p className="checklist__title">Your password must have:</p>
      <ul className="checklist__items">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={met ? 'checklist__item checklist__item--met' : 'checklist__item'}>
              <span className="checklist__icon" aria-hidden="true">
                {met ? '✓' : '✗'}
              </span>
              {rule.label}
              <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
