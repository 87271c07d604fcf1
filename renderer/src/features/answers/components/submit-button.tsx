import { useState } from 'react';
import { useThrowToBoundary } from '../../../components/errors/use-throw-to-boundary';
import { useSubmitApplication } from '../hooks/use-submit-application';

/** The real Submit, at the foot of the review page (issue 33 item 4): the submit sequence, wrapped by the dialog error handling. */
export function SubmitButton() {
  const submit = useSubmitApplication();
  const throwToBoundary = useThrowToBoundary();
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    submit()
      .catch(throwToBoundary)
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className="button button--primary button--submit" disabled={busy} onClick={run}>
      Submit
    </button>
  );
}
