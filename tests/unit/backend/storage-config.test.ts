import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../backend/platform/config';
import { configProblems as problemsOf } from './config-problems';

describe('object storage configuration', () => {
  it('uses the local store by default, its secret generated in the data directory', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local', secret: null });
    const secret = 'x'.repeat(32);
    expect(loadConfig({ STORAGE_SECRET: secret }).storage).toEqual({ kind: 'local', secret });
  });

  it('selects S3 when S3_BUCKET is set, with us-east-1 and the default credential chain by default', () => {
    expect(loadConfig({ S3_BUCKET: 'gradapp-uploads' }).storage).toEqual({
      kind: 's3',
      bucket: 'gradapp-uploads',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('names every bad storage setting', () => {
    const s3 = problemsOf({ S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'ftp://x', S3_REGION: 'EU WEST', S3_ACCESS_KEY_ID: 'id', S3_FORCE_PATH_STYLE: 'maybe', STORAGE_SECRET: 'x'.repeat(32) });
    for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'STORAGE_SECRET']) expect(s3).toContain(name);

    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1' })).toContain('S3_ENDPOINT, S3_REGION are set but S3_BUCKET is not');
    expect(problemsOf({ STORAGE_SECRET: 'short' })).toContain('STORAGE_SECRET must be at least 32 characters long.');
  });
});
