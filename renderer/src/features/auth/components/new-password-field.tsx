import { useId, type ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { PasswordChecklist } from './password-checklist';

type NewPasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'describedBy'> & {
  value?: string;
};

/** The Password input of the sign-up and reset cards with its live requirements checklist. */
export function NewPasswordField(props: NewPasswordFieldProps) {
  const checklistId = useId();
  return (
    <>
      <TextField label="Password" type="password" autoComplete="new-password" describedBy={checklistId} {...props} />
      <PasswordChecklist id={checklistId} password={props.value ?? ''} />
    </>
  );
}
