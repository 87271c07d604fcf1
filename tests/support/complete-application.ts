// Moved to scripts/support/complete-application (issue 27 item 4: scripts import no tests). This
// re-export stays only until the files still importing it here (tests/e2e-engines/journeys.spec.ts,
// tests/unit/renderer/state/saved-answers.test.ts and field-state.test.ts,
// scripts/bench/busiest-application.ts) import it from there.
export * from '../../scripts/support/complete-application';
