/** The messages of the whole-application PDF (spec platform sections 4 and 8), for the server and the renderer. */
export const applicationPdfMessages = {
  /** A FAILED generation: the renderer throws it to the error boundary. */
  failed: 'We could not prepare the PDF of your application. Please try again later.',
  /** A reader who is not the applicant (a service link, a staff member) asked before it was generated: 202. */
  preparing: 'The application PDF is being prepared. Try again in a few seconds.',
  notFound: 'No application PDF was found at this address. Please ask for the PDF of your application again.',
} as const;
