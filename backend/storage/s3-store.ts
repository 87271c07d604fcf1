import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3StorageConfig } from '../platform/config';
import { assertValidObjectKey, type ObjectStore } from './object-store';

/**
 * Objects in an S3 bucket, or on an S3-compatible server (S3_ENDPOINT). Browsers post uploads
 * straight to the bucket with a presigned POST whose policy pins the key and the size range. The
 * renderer posts in no-cors mode (a multipart POST needs no preflight), so the bucket needs no
 * CORS rules, but the page's Content-Security-Policy must allow connecting to the bucket's origin.
 */
export function createS3Store(config: S3StorageConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;

  return {
    kind: 's3',
    uploadOrigin: bucketOrigin(config),

    async presignPost(key, { maxBytes, expiresInSeconds }) {
      assertValidObjectKey(key);
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['eq', '$key', key],
          ['content-length-range', 1, maxBytes],
        ],
        Expires: expiresInSeconds,
      });
      return { url, fields };
    },

    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async put(key, bytes, contentType) {
      assertValidObjectKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    // One page (at most 1000 keys) in memory at a time; needs s3:ListBucket.
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified?.getTime() ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** Where createPresignedPost sends browsers: path style on the endpoint, else the bucket's host. */
export function bucketOrigin(config: S3StorageConfig): string {
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}
