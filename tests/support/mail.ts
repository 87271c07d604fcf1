// Moved to scripts/support/mail (issue 27 item 4: scripts import no tests). This re-export stays only
// until tests/e2e-engines/journeys.spec.ts, still importing it here, imports it from there.
export * from '../../scripts/support/mail';
