import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver (which ships no types) the tests use. */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverOptions = { address: string; port: number; silent: boolean; directory: string; configureBuckets: { name: string }[] };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

export interface TestS3 {
  endpoint: string;
  /** The backend's settings for this bucket on this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free loopback port, its files in a temporary folder, with one bucket. */
export async function startS3rver(bucket: string): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-s3rver-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      s3.httpServer.closeAllConnections();
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
