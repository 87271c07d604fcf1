// Runs the benchmarks: `npm run bench` runs them all, `npm run bench -- lookups` the named ones.
// Each prints its numbers with a ratio against a baseline measured in the same run (DESIGN.md
// section 11), so results compare across machines.

const benchmarks: Record<string, () => Promise<void>> = {
  lookups: async () => (await import('./lookup-search')).runLookupSearchBenchmark(),
  documents: async () => {
    await (await import('./document-conversion')).runDocumentConversionBenchmark();
    await (await import('./document-corpus')).runDocumentCorpusBenchmark();
  },
  'application-pdf': async () => (await import('./application-pdf')).runApplicationPdfBenchmark(),
  validation: async () => (await import('./schema-validation')).runSchemaValidationBenchmark(),
  bundle: async () => (await import('./bundle-size')).runBundleSizeBenchmark(),
  keystroke: async () => (await import('./keystroke-latency')).runKeystrokeLatencyBenchmark(),
  load: async () => (await import('./load')).runLoadBenchmark(),
  'server-profile': async () => (await import('./server-profile')).runServerProfile(),
  'staff-inbox': async () => (await import('./staff-inbox')).runStaffInboxBenchmark(),
  'backup-restore': async () => (await import('./backup-restore')).runBackupRestoreBenchmark(),
};

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}.`);
    return 2;
  }
  for (const name of names.length > 0 ? names : Object.keys(benchmarks)) {
    console.log(`\n== ${name}`);
    await benchmarks[name]!();
  }
  return 0;
}

main().then(
  // A benchmark that failed its checks set process.exitCode (load, documents): exit(0) would hide it.
  (code) => process.exit(code !== 0 ? code : (process.exitCode ?? 0)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
