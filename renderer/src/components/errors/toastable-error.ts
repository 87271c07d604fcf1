/**
 * An error that the error boundary shows as a long-lived error toast rather than the Unexpected
 * Error dialog (spec platform section 8), for failures the page can carry on after.
 */
export class ToastableError extends Error {
  constructor(
    /** The toast's accessible label, e.g. 'Error uploading file for resume'. */
    readonly label: string,
    message: string,
  ) {
    super(message);
    this.name = 'ToastableError';
  }
}
