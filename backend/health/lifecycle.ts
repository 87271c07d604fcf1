/**
 * Where this instance is in its life: serving, or draining after SIGTERM (readiness turns false so
 * the load balancer stops sending requests, while those in flight finish).
 */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
