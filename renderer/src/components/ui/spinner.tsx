interface SpinnerProps {
  label?: string;
}

/** An announced busy indicator; the spinning ring itself is decoration. */
export function Spinner({ label = 'Loading' }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className="spinner">
      <span className="spinner__ring" aria-hidden="true" />
    </div>
  );
}

/** Fills the window while the application cannot show anything yet (the base profile loads). */
export function FullScreenSpinner({ label = 'Loading your application' }: SpinnerProps) {
  return (
    <main className="spinner-screen">
      <Spinner label={label} />
    </main>
  );
}
