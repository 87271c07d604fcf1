/** The error catalogue of spec platform section 8, as the classes the API client throws. */
export const UNEXPECTED_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A non-OK answer that carries a message meant for the applicant. */
export class ServerError extends ApiError {
  constructor(
    message: string,
    status: number,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message, status);
  }
}

/** No response, a body that is not JSON, or an error without a message. */
export class UnexpectedResponseError extends ApiError {
  constructor(status: number) {
    super(UNEXPECTED_ERROR_MESSAGE, status);
  }
}

/** The session cookie is missing or no longer valid on the server. */
export class UnauthorizedError extends ApiError {
  constructor() {
    super(SESSION_INVALID_MESSAGE, 401);
  }
}

/** What an applicant may read about any error: only our own messages, never a stack or internals. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}
