// An S3-compatible server (s3rver) in a process of its own for the deadline run's S3 topologies, so
// its work does not share the benchmark's event loop with the applicants it times. Prints the
// backend's S3 settings as one JSON line once it listens; closes on SIGTERM.
import { startS3rver } from '../../support/s3rver';

const s3 = await startS3rver('gradapp-deadline');
process.stdout.write(`${JSON.stringify(s3.env)}\n`);
process.once('SIGTERM', () => {
  void s3.close().then(() => process.exit(0));
});
