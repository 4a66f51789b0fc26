import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/platform/config.server";
import { getStorage } from "./index.server";

const base = { NODE_ENV: "test", DATA_DIR: "/srv/festa", APP_SECRET: "x".repeat(32) } as NodeJS.ProcessEnv;
const s3 = { STORAGE_S3_BUCKET: "festa-comprovantes" };

afterEach(() => {
  delete process.env.STORAGE_S3_BUCKET;
});

describe("storage configuration", () => {
  it("keeps files in DATA_DIR/files by default", () => {
    expect(parseConfig(base).storage).toEqual({ kind: "disk", dir: path.join("/srv/festa", "files") });
  });

  it("uses an S3-compatible bucket when STORAGE_S3_BUCKET is set", () => {
    const config = parseConfig({
      ...base,
      ...s3,
      STORAGE_S3_ENDPOINT: "https://abc.r2.cloudflarestorage.com",
      STORAGE_S3_REGION: "auto",
      STORAGE_S3_ACCESS_KEY_ID: "AKIA123",
      STORAGE_S3_SECRET_ACCESS_KEY: "very-secret",
      STORAGE_S3_FORCE_PATH_STYLE: "on",
    });
    expect(config.storage).toEqual({
      kind: "s3",
      bucket: "festa-comprovantes",
      region: "auto",
      endpoint: "https://abc.r2.cloudflarestorage.com",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIA123", secretAccessKey: "very-secret" },
    });
    // Without keys the SDK's own chain (instance role, environment) is used.
    expect(parseConfig({ ...base, ...s3 }).storage).toMatchObject({
      kind: "s3",
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it.each([
    [{ ...s3, STORAGE_S3_BUCKET: "Meu_Bucket" }, "STORAGE_S3_BUCKET — nome de bucket"],
    [{ ...s3, STORAGE_S3_ENDPOINT: "minio:9000" }, "STORAGE_S3_ENDPOINT"],
    [{ ...s3, STORAGE_S3_REGION: "São Paulo" }, "STORAGE_S3_REGION"],
    [{ ...s3, STORAGE_S3_FORCE_PATH_STYLE: "sim" }, "STORAGE_S3_FORCE_PATH_STYLE"],
    [{ STORAGE_S3_ENDPOINT: "http://127.0.0.1:9000" }, "STORAGE_S3_ENDPOINT — defina também STORAGE_S3_BUCKET"],
    [{ ...s3, STORAGE_S3_ACCESS_KEY_ID: "AKIA123" }, "informe STORAGE_S3_ACCESS_KEY_ID e STORAGE_S3_SECRET_ACCESS_KEY juntos"],
  ])("refuses %j", (env, message) => {
    expect(() => parseConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, ...env })).toThrow(message);
  });

  it("never echoes the secret key in its message", () => {
    const attempt = () => parseConfig({ ...base, STORAGE_S3_SECRET_ACCESS_KEY: "super-secret-value" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).not.toThrow(/super-secret-value/);
  });

  it("getStorage follows the configuration", () => {
    expect(getStorage().kind).toBe("disk");
    expect(getStorage()).toBe(getStorage());
    process.env.STORAGE_S3_BUCKET = "festa-comprovantes";
    expect(getStorage().kind).toBe("s3");
  });
});
