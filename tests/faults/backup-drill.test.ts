/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue 31): a profile photo and a
 * payout proof are uploaded through the file storage and their rows written; the backup takes the
 * database and every file; the database and the files are wiped; the restore brings both back —
 * the rows, and each file byte for byte with its content type.
 *
 * PostgreSQL (pg_dump/pg_restore) with the files in S3 (s3rver, a local fake), and the embedded
 * database (PGlite's own dump) with the files in DATA_DIR/files.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PRODUCTION_DETAILS_ENV } from "@tests/production-env.mjs";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage } from "~/platform/storage/disk-storage.server";
import { type FileStorage, readAll } from "~/platform/storage/file-storage";
import { createS3Storage } from "~/platform/storage/s3-storage.server";
import { adminQuery, APP_SECRET, createFaultDb, DB_KINDS, type DbKind, seedPendingGifts } from "./support/harness";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUCKET = "festa-backup-drill";
const S3_KEYS = { STORAGE_S3_ACCESS_KEY_ID: "S3RVER", STORAGE_S3_SECRET_ACCESS_KEY: "S3RVER" };
let s3: S3rver;
let s3Env: Record<string, string>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "fs-backup-drill-"));

beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(scratch, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  s3Env = {
    STORAGE_S3_BUCKET: BUCKET,
    STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    STORAGE_S3_REGION: "us-east-1",
    STORAGE_S3_FORCE_PATH_STYLE: "on",
    ...S3_KEYS,
  };
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** `npm run <script> -- <args>` in production mode, as on a server; its output, or its error output as the error. */
async function npmRun(script: string, args: string[], env: Record<string, string>) {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", script, "--", ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      ...PRODUCTION_DETAILS_ENV,
      PUBLIC_URL: "http://localhost",
      PAYMENTS_SANDBOX: "on",
      PAYMENTS_SANDBOX_IN_PRODUCTION: "sim-entendo-que-nada-e-cobrado",
      APP_SECRET,
      ...env,
    },
    timeout: 120_000,
  });
  return stdout;
}

async function allKeys(storage: FileStorage) {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

describe.each(DB_KINDS)("backup and restore of the database and the files (%s)", (kind: DbKind) => {
  it("brings back the rows and every file byte for byte after a wipe", async () => {
    const db = await createFaultDb(kind);
    // PostgreSQL: the files in S3 (what several instances need); PGlite: in DATA_DIR/files.
    const dataDir = db.env.DATA_DIR ?? fs.mkdtempSync(path.join(scratch, "data-"));
    const env: Record<string, string> = kind === "pg" ? { ...db.env, ...s3Env, DATA_DIR: dataDir } : { ...db.env };
    const storage =
      kind === "pg"
        ? createS3Storage({
            bucket: BUCKET,
            region: "us-east-1",
            endpoint: s3Env.STORAGE_S3_ENDPOINT,
            forcePathStyle: true,
            credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
          })
        : createDiskStorage(path.join(dataDir, "files"));
    try {
      // The uploads: a profile photo (its WebP variant) and a payout proof, through the storage.
      const photo = new Uint8Array(randomBytes(180_000));
      const proof = new Uint8Array(randomBytes(420_000));
      const photoId = `drill${randomBytes(4).toString("hex")}`;
      const photoKey = `photos/${photoId}-400.webp`;
      const proofKey = `payouts/proofs/${crypto.randomUUID()}.pdf`;
      await storage.put(photoKey, photo, "image/webp");
      await storage.put(proofKey, proof, "application/pdf");

      const conn = await db.open();
      const { ownerId, partyIds } = await seedPendingGifts(conn, 0, { parties: 1 });
      await conn.db.execute(sql`update "user" set photo_key = ${photoId} where id = ${ownerId}`);
      await conn.db.execute(sql`
        insert into payouts (party_id, gross_cents, fee_cents, net_cents, settlement_date, transfer_deadline, status,
                             proof_key, proof_content_type, proof_size, proof_file_name)
        values (${partyIds[0]!}, 10000, 500, 9500, current_date, current_date + 5, 'pendente',
                ${proofKey}, 'application/pdf', ${proof.byteLength}, 'comprovante.pdf')`);
      const rowsOf = async (c: typeof conn) => ({
        user: ((await c.db.execute(sql`select name, email, photo_key from "user" where id = ${ownerId}`)) as unknown as { rows: unknown[] })
          .rows,
        payout: (
          (await c.db.execute(sql`select party_id, net_cents, proof_key, proof_size from payouts`)) as unknown as { rows: unknown[] }
        ).rows,
      });
      const before = await rowsOf(conn);
      await conn.close();
      expect(before.payout).toHaveLength(1);

      const folder = path.join(scratch, `backup-${kind}`);
      const said = await npmRun("backup", [folder], env);
      expect(said).toMatch(/Cópia de segurança em .*: banco \((postgres|pglite)\) e 2 arquivos/);

      // The wipe: the database gone (a new, empty one in its place) and every file deleted.
      if (kind === "pg") {
        const name = new URL(db.env.DATABASE_URL!).pathname.slice(1);
        await adminQuery(`DROP DATABASE ${name} WITH (FORCE)`);
        await adminQuery(`CREATE DATABASE ${name}`);
      } else {
        fs.rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
      }
      for (const key of await allKeys(storage)) await storage.delete(key);
      expect(await allKeys(storage)).toEqual([]);

      const restored = await npmRun("restore", [folder], env);
      expect(restored).toContain("2 arquivos");
      // A second restore over the restored database is refused, not merged.
      await expect(npmRun("restore", [folder], env)).rejects.toThrow(/não está vazio|já tem um banco/);

      const reopened = await db.open();
      try {
        expect(await rowsOf(reopened)).toEqual(before);
      } finally {
        await reopened.close();
      }
      expect(await allKeys(storage)).toEqual([proofKey, photoKey].sort());
      for (const [key, bytes, type] of [
        [photoKey, photo, "image/webp"],
        [proofKey, proof, "application/pdf"],
      ] as const) {
        const file = (await storage.get(key))!;
        expect(file.contentType).toBe(type);
        expect(Buffer.from(await readAll(file)).equals(Buffer.from(bytes)), `${key} byte for byte`).toBe(true);
      }
    } finally {
      for (const key of await allKeys(storage).catch(() => [])) await storage.delete(key).catch(() => {});
      await db.drop();
    }
  });
});
