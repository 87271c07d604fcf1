// What ends a sandbox task other than its PDF: each names its cause, for the caller to tell the
// applicant (conversion-runner.ts) and the log.

/** The task did not run to its end because the pool stopped: not the input's fault, so it can be tried again. */
export class SandboxClosedError extends Error {
  constructor() {
    super('The sandbox pool was closed before the task finished.');
    this.name = 'SandboxClosedError';
  }
}

/** The task itself failed; `applicantMessage` is set when the failure is the document's and meant for the applicant. */
export class SandboxTaskError extends Error {
  constructor(
    readonly applicantMessage: string | null,
    detail: string,
  ) {
    super(`The sandbox task failed.\n${detail}`);
    this.name = 'SandboxTaskError';
  }
}

/** The task ran past its time limit, and its process was killed. */
export class SandboxTimeoutError extends Error {
  constructor(detail: string) {
    super(`The sandbox task took longer than ${detail}; its process was killed.`);
    this.name = 'SandboxTimeoutError';
  }
}

/** The task's process went over its memory limit (resident, or its V8 heap), and was killed or died. */
export class SandboxMemoryError extends Error {
  constructor(detail: string) {
    super(`The sandbox task ran out of memory: ${detail}`);
    this.name = 'SandboxMemoryError';
  }
}

/** The task's process ended without answering (a fatal error of V8, a native crash, an exit). */
export class SandboxCrashError extends Error {
  constructor(detail: string) {
    super(`The sandbox process ended during the task: ${detail}`);
    this.name = 'SandboxCrashError';
  }
}
