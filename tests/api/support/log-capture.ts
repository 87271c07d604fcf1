import { Writable } from 'node:stream';

/** A stream for the server's logger (TestServerOptions.logDestination) that keeps every JSON line it is given. */
export function logCapture(): { lines: string[]; stream: Writable; entries: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}
