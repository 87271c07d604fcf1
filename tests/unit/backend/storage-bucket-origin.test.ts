import { describe, expect, it } from 'vitest';
import type { S3StorageConfig } from '../../../backend/platform/config';
import { bucketOrigin } from '../../../backend/storage/s3-store';

const base: S3StorageConfig = {
  kind: 's3',
  bucket: 'grad-uploads',
  region: 'us-east-2',
  endpoint: null,
  forcePathStyle: false,
  credentials: null,
};

describe("the bucket's origin for the Content-Security-Policy", () => {
  it('is the virtual-hosted AWS host by default', () => {
    expect(bucketOrigin(base)).toBe('https://grad-uploads.s3.us-east-2.amazonaws.com');
  });

  it('is the endpoint itself with path-style addressing, else the bucket under it', () => {
    expect(bucketOrigin({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toBe('http://127.0.0.1:9000');
    expect(bucketOrigin({ ...base, endpoint: 'https://objects.example.edu', forcePathStyle: false })).toBe(
      'https://grad-uploads.objects.example.edu',
    );
  });
});
