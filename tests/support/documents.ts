// Moved to scripts/support/documents (issue 27 item 4: scripts import no tests). This re-export stays
// only until the two tests still importing it here, tests/e2e-engines/journeys.spec.ts and
// tests/unit/renderer/features/documents/upload-widget.test.tsx, import it from there.
export * from '../../scripts/support/documents';
