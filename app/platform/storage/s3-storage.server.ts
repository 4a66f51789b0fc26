/**
 * Files in any S3-compatible store (AWS S3, Cloudflare R2, MinIO, Backblaze B2…). Keys are the
 * object keys as they are; S3 itself writes an object atomically.
 */
import type { S3Client } from "@aws-sdk/client-s3";
import { type FileStorage, keySegments, type StoredFile } from "./file-storage";
import { logger } from "~/platform/logger.server";

type Sdk = typeof import("@aws-sdk/client-s3");
/**
 * The SDK is loaded on the first file operation, not at start: the default storage is a folder,
 * and loading the SDK costs ~150 ms in every process (and every test file) that never uses it.
 */
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Without them the SDK's own chain is used (environment, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export function createS3Storage(options: S3StorageOptions): FileStorage {
  let client: Promise<{ s3: S3Client; sdk: Sdk }> | undefined;
  const connect = () => (client ??= loadSdk().then((sdk) => ({ sdk, s3: newClient(sdk, options) })));
  const Bucket = options.bucket;

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      keySegments(key);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
    },
    async get(key): Promise<StoredFile | null> {
      keySegments(key);
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: object.ContentType ?? "application/octet-stream",
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      keySegments(key);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list() {
      const { s3, sdk } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async exists(key) {
      keySegments(key);
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },
  };
}

function newClient(sdk: Sdk, options: S3StorageOptions) {
  return new sdk.S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Newer SDKs add CRC checksums to every request by default; several S3-compatible stores
    // refuse or mishandle them, so checksums are sent only where the API requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // The SDK's own warnings become JSON log lines like every other (issue 31: an SDK warning was
    // one of the lines on stdout that were not JSON).
    logger: {
      debug: () => {},
      info: () => {},
      warn: (...content: unknown[]) => logger.warn({ sdk: "aws-s3", sdkMessage: content.map(String).join(" ") }, "storage SDK warning"),
      error: (...content: unknown[]) => logger.error({ sdk: "aws-s3", sdkMessage: content.map(String).join(" ") }, "storage SDK error"),
    },
  });
}

function isNotFound({ NoSuchKey, NotFound, S3ServiceException }: Sdk, error: unknown) {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  // Some stores answer a missing key with a bare 404 that the SDK cannot name. A missing bucket
  // is a configuration error and must not read as "no such file".
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket";
}
