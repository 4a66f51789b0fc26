import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "./disk-storage.server";
import { type FileStorage, readAll, StorageKeyError } from "./file-storage";
import { createS3Storage } from "./s3-storage.server";

// One contract, two adapters: whatever a domain relies on must hold for the folder and for S3.
// The S3 adapter talks to s3rver (a local fake S3) on a random loopback port.

const BUCKET = "festa-test";
let diskRoot: string;
let s3rverDir: string;
let fake: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), "fs-storage-disk-"));
  s3rverDir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-storage-s3-"));
  fake = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3rverDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await fake.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await fake?.close();
  fs.rmSync(diskRoot, { recursive: true, force: true });
  fs.rmSync(s3rverDir, { recursive: true, force: true });
});

const adapters: Array<[string, () => FileStorage]> = [
  ["disk", () => createDiskStorage(diskRoot)],
  // s3rver's fixed credentials; path-style addressing as most S3-compatible stores want.
  [
    "s3",
    () =>
      createS3Storage({
        bucket: BUCKET,
        region: "us-east-1",
        endpoint: s3Endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      }),
  ],
];

const allBytes = () => Uint8Array.from({ length: 256 }, (_, i) => i);

describe.each(adapters)("file storage contract: %s", (name, make) => {
  const key = (k: string) => `contract/${name}/${k}`;

  it("stores bytes and gives back the same bytes, content type and size", async () => {
    const storage = make();
    await storage.put(key("a/b/proof.pdf"), allBytes(), "application/pdf");
    const file = await storage.get(key("a/b/proof.pdf"));
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe("application/pdf");
    expect(file!.size).toBe(256);
    expect(Array.from(await readAll(file!))).toEqual(Array.from(allBytes()));
    expect(await storage.exists(key("a/b/proof.pdf"))).toBe(true);
  });

  it("streams a file of several megabytes intact", async () => {
    const storage = make();
    const big = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => (i * 31) % 251);
    await storage.put(key("big.bin"), big, "application/octet-stream");
    const file = (await storage.get(key("big.bin")))!;
    expect(file.size).toBe(big.length);
    const back = await readAll(file);
    expect(back.length).toBe(big.length);
    expect(Buffer.compare(Buffer.from(back), Buffer.from(big))).toBe(0);
  });

  it("keeps an empty file", async () => {
    const storage = make();
    await storage.put(key("empty.txt"), new Uint8Array(0), "text/plain");
    const file = (await storage.get(key("empty.txt")))!;
    expect(file.size).toBe(0);
    expect((await readAll(file)).length).toBe(0);
  });

  it("answers null and false for a key that holds nothing", async () => {
    const storage = make();
    expect(await storage.get(key("nothing-here.png"))).toBeNull();
    expect(await storage.exists(key("nothing-here.png"))).toBe(false);
    // A prefix of a stored key is not a file either.
    await storage.put(key("dir/file.png"), allBytes(), "image/png");
    expect(await storage.get(key("dir"))).toBeNull();
    expect(await storage.exists(key("dir"))).toBe(false);
  });

  it("overwrites a key with new bytes and a new content type", async () => {
    const storage = make();
    await storage.put(key("same.bin"), new Uint8Array([1, 2, 3]), "image/png");
    await storage.put(key("same.bin"), new Uint8Array([9, 8]), "image/jpeg");
    const file = (await storage.get(key("same.bin")))!;
    expect(file.contentType).toBe("image/jpeg");
    expect(Array.from(await readAll(file))).toEqual([9, 8]);
  });

  it("deletes a key, and deleting a missing key is not an error", async () => {
    const storage = make();
    await storage.put(key("gone.pdf"), allBytes(), "application/pdf");
    await storage.delete(key("gone.pdf"));
    expect(await storage.exists(key("gone.pdf"))).toBe(false);
    expect(await storage.get(key("gone.pdf"))).toBeNull();
    await expect(storage.delete(key("gone.pdf"))).resolves.toBeUndefined();
  });

  it("lists every stored key, nested ones too, and no longer a deleted one", async () => {
    const storage = make();
    await storage.put(key("list/a.jpg"), allBytes(), "image/jpeg");
    await storage.put(key("list/deep/b.pdf"), allBytes(), "application/pdf");
    await storage.put(key("list/c.png"), allBytes(), "image/png");
    await storage.delete(key("list/c.png"));
    const listed: string[] = [];
    for await (const k of storage.list()) if (k.startsWith(key("list/"))) listed.push(k);
    expect(listed.sort()).toEqual([key("list/a.jpg"), key("list/deep/b.pdf")]);
  });

  it.each([
    "",
    "../escape.txt",
    "a/../../escape.txt",
    "/etc/passwd",
    "a//b",
    "a/",
    ".hidden",
    "a/.tmp-x",
    "a\\..\\b",
    "C:evil",
    "a b",
    "ç.pdf",
    "x".repeat(600),
  ])("refuses the unsafe key %j on every operation", async (bad) => {
    const storage = make();
    await expect(storage.put(bad, allBytes(), "text/plain")).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(bad)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.exists(bad)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete(bad)).rejects.toBeInstanceOf(StorageKeyError);
  });
});

describe("disk adapter", () => {
  it("writes plain files under the folder, leaves no temporary file and nothing outside", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "fs-storage-layout-"));
    const storage = createDiskStorage(path.join(root, "files"));
    await storage.put("payouts/proofs/p1.pdf", new TextEncoder().encode("%PDF-1.7"), "application/pdf");
    await expect(storage.put("../outside.txt", new Uint8Array([1]), "text/plain")).rejects.toBeInstanceOf(StorageKeyError);
    expect(fs.readFileSync(path.join(root, "files/data/payouts/proofs/p1.pdf"), "utf8")).toBe("%PDF-1.7");
    const everything = fs.readdirSync(root, { recursive: true }).map(String).sort();
    expect(everything.filter((f) => path.basename(f).startsWith(".tmp-"))).toEqual([]);
    expect(everything.every((f) => f.startsWith("files"))).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("gives a reader that opened a file its old bytes whole while a put replaces it", async () => {
    const storage = createDiskStorage(path.join(diskRoot, "atomic"));
    const before = new Uint8Array(2 * 1024 * 1024).fill(1);
    await storage.put("k.bin", before, "application/octet-stream");
    const reading = (await storage.get("k.bin"))!;
    await storage.put("k.bin", new Uint8Array(10).fill(2), "application/octet-stream");
    const old = await readAll(reading);
    expect(old.length).toBe(before.length);
    expect(old.every((b) => b === 1)).toBe(true);
    expect(Array.from(await readAll((await storage.get("k.bin"))!))).toEqual(new Array(10).fill(2));
  });
});

describe("s3 adapter", () => {
  it("really talks to the store: the object lands in the bucket; a missing bucket is an error, not a missing file", async () => {
    const storage = adapters[1]![1]();
    await storage.put("layout/check.png", allBytes(), "image/png");
    const stored = fs.readdirSync(path.join(s3rverDir, BUCKET), { recursive: true }).map(String);
    expect(stored.some((f) => f.startsWith("layout/check.png"))).toBe(true);
    const wrong = createS3Storage({
      bucket: "no-such-bucket",
      region: "us-east-1",
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await expect(wrong.put("layout/other.png", allBytes(), "image/png")).rejects.toThrow();
    await expect(wrong.get("layout/check.png")).rejects.toThrow();
  });
});
