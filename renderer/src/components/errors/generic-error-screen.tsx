/** The last resort, when even the error dialog cannot render: plain markup, no providers needed. */
export function GenericErrorScreen() {
  return (
    <main className="generic-error">
      <h1>Something went wrong.</h1>
      <p>The issue that caused you to see this has been logged. We will get it fixed as soon as possible.</p>
    </main>
  );
}
