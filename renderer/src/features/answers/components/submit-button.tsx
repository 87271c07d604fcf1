import { useRunAction } from '../hooks/use-run-action';
import { useSubmitApplication } from '../hooks/use-submit-application';

/** The real Submit, at the foot of the review page (issue 33 item 4): the submit sequence, wrapped by the dialog error handling. */
export function SubmitButton() {
  const submit = useSubmitApplication();
  const { busy, run } = useRunAction();
  return (
    <button type="button" className="button button--primary button--submit" disabled={busy} onClick={() => run(submit)}>
      Submit
    </button>
  );
}
