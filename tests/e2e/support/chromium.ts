// Moved to scripts/support/chromium (issue 27 item 4: scripts import no tests). This re-export stays
// only until scripts/bench/keystroke-latency.ts, still importing it here, imports it from there.
export * from '../../../scripts/support/chromium';
