import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, adminPost, outcome, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { fieldErrors, postedValues } from "@tests/forms";
import { eq } from "drizzle-orm";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterEach, describe, expect, it } from "vitest";
import { moveLegacyProofs, signedProofUrl } from "~/domain/payouts/index.server";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { adminTabAction as action } from "@tests/admin";
import { loader as proofLoader } from "./repasses.$id.comprovante";

// Payout proofs in file storage (issue 14, item 5): checked by content, at most 10 MB, the
// answer in the form; served only through the signed link or to an admin.

const MB = 1024 * 1024;
const PDF = "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const HEIC = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypheic"), 0, 0, 0, 0, ...new TextEncoder().encode("mif1heic")]);

function pdfOfSize(bytes: number) {
  const file = new Uint8Array(bytes);
  file.set(new TextEncoder().encode(PDF));
  return file;
}

async function post(cookie: string, fields: Record<string, string | Blob>) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, fields))));
  const body = r.body as { intent: string; ok: boolean; message?: string; result?: FormResult };
  // A refused form answers Conform's reply; its first message per field and the posted text are read from there.
  return { ...r, body: { ...body, errors: fieldErrors(body?.result), values: postedValues(body?.result) } };
}

async function openProof(payoutId: string, query: string, cookie?: string) {
  return (await proofLoader({
    request: adminGet(`/repasses/${payoutId}/comprovante${query}`, cookie),
    params: { id: payoutId },
    context: {},
  } as never)) as Response;
}

const storedFiles = () => {
  const dir = path.join(process.env.DATA_DIR!, "files", "data");
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];
};

afterEach(() => {
  for (const name of Object.keys(process.env)) if (name.startsWith("STORAGE_S3_")) delete process.env[name];
});

describe("payout proofs in file storage", () => {
  it.each([
    ["a PDF", new File([PDF], "Comprovante Itaú.pdf", { type: "application/pdf" }), "application/pdf", "Comprovante-Itau.pdf"],
    [
      "a JPEG sent as octet-stream",
      new File([JPEG], "foto do recibo", { type: "application/octet-stream" }),
      "image/jpeg",
      "foto-do-recibo.jpg",
    ],
  ])("accepts %s, keeps it in storage (not the database) and serves it by the signed link", async (_, upload, contentType, fileName) => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const sent = new Uint8Array(await upload.arrayBuffer());
    const done = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofFile: upload });
    expect(done.status).toBe(200);

    const [payout] = await db.select().from(schema.payouts);
    expect(payout).toMatchObject({
      proofFile: null,
      proofContentType: contentType,
      proofSize: sent.length,
      proofFileName: fileName,
      proofOriginalName: upload.name,
    });
    expect(payout!.proofKey).toMatch(/^payouts\/proofs\/[0-9a-f-]{36}\.(pdf|jpg)$/);
    const stored = (await getStorage().get(payout!.proofKey!))!;
    expect(stored.contentType).toBe(contentType);
    expect(Buffer.compare(Buffer.from(await readAll(stored)), Buffer.from(sent))).toBe(0);

    const served = await openProof(payout!.id, new URL(signedProofUrl(payout!.id)).search);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe(contentType);
    expect(served.headers.get("Content-Length")).toBe(String(sent.length));
    expect(served.headers.get("Content-Disposition")).toBe(`inline; filename="${fileName}"`);
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), Buffer.from(sent))).toBe(0);
  });

  it("refuses an unsigned, a tampered or another payout's link with the same 404", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofFile: new File([PDF], "c.pdf") });
    const [payout] = await db.select().from(schema.payouts);
    const token = new URL(signedProofUrl(payout!.id)).searchParams.get("t")!;
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const otherToken = new URL(signedProofUrl("00000000-0000-4000-8000-000000000000")).searchParams.get("t")!;
    const stranger = await createTestUser();
    for (const [query, who] of [
      ["", undefined],
      ["?t=", undefined],
      [`?t=${tampered}`, undefined],
      [`?t=${otherToken}`, undefined],
      ["", stranger.cookie],
    ] as const) {
      const response = await openProof(payout!.id, query, who);
      expect(response.status, `${query} ${who ? "stranger" : "anonymous"}`).toBe(404);
      expect(await response.text()).toBe("Comprovante não encontrado.");
    }
    expect((await openProof(payout!.id, "", cookie)).status).toBe(200);
  });

  it.each([
    [
      "a text file named .pdf",
      new File(["Pagamento feito, confia!"], "comprovante.pdf", { type: "application/pdf" }),
      "Envie o comprovante em PDF, PNG ou JPG.",
    ],
    [
      "an SVG",
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "recibo.svg", { type: "image/svg+xml" }),
      "Envie o comprovante em PDF, PNG ou JPG.",
    ],
    [
      "an SVG named .png",
      new File(['<?xml version="1.0"?><svg onload="alert(1)"/>'], "recibo.png", { type: "image/png" }),
      "Envie o comprovante em PDF, PNG ou JPG.",
    ],
    [
      "an iPhone HEIC photo",
      new File([HEIC], "IMG_0001.HEIC", { type: "image/heic" }),
      "Fotos HEIC (o formato do iPhone) não são aceitas. Envie o comprovante em PDF, PNG ou JPG: uma captura de tela do comprovante serve.",
    ],
  ])("refuses %s with a message on the file field, storing nothing", async (_, upload, message) => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const before = storedFiles();
    const refused = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofFile: upload });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      intent: "markPayoutTransferred",
      ok: false,
      errors: { proofFile: message },
      values: { partyId: fx.endedParty.id },
    });
    expect(await db.select().from(schema.payouts)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  it("accepts a proof of exactly 10 MB and answers an 11 MB one in its form, not with a dropped connection", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const tooBig = await post(cookie, {
      intent: "markPayoutTransferred",
      partyId: fx.endedParty.id,
      proofUrl: "",
      proofFile: new File([pdfOfSize(11 * MB)], "extrato.pdf"),
    });
    expect(tooBig.status).toBe(413);
    // The fields sent before the file were recovered, so the message lands in this party's form.
    expect(tooBig.body).toMatchObject({ intent: "markPayoutTransferred", ok: false, values: { partyId: fx.endedParty.id } });
    expect(tooBig.body.errors?.proofFile).toBe(
      "O arquivo tem mais de 10 MB. Envie um arquivo de até 10 MB (um PDF do banco ou uma captura de tela).",
    );
    expect(await db.select().from(schema.payouts)).toHaveLength(0);

    const justFits = await post(cookie, {
      intent: "markPayoutTransferred",
      partyId: fx.endedParty.id,
      proofUrl: "",
      proofFile: new File([pdfOfSize(10 * MB)], "extrato.pdf"),
    });
    expect(justFits.status).toBe(200);
    const [payout] = await db.select().from(schema.payouts);
    expect(payout!.proofSize).toBe(10 * MB);
    expect((await getStorage().get(payout!.proofKey!))!.size).toBe(10 * MB);
  });

  it("discards the stored file when the transfer is refused", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const before = storedFiles();
    const live = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.liveParty.id, proofFile: new File([PDF], "c.pdf") });
    expect(live.status).toBe(409);
    expect(storedFiles()).toEqual(before);
  });

  it("serves a proof uploaded before file storage from the database, then moves it into storage once", async () => {
    const fx = await adminFixture();
    const { cookie, user } = await createTestUser({ admin: true });
    const legacy = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const [payout] = await db
      .insert(schema.payouts)
      .values({
        partyId: fx.endedParty.id,
        grossCents: 10_001,
        feeCents: 1_000,
        netCents: 9_001,
        settlementDate: "2026-01-01",
        transferDeadline: "2026-01-06",
        status: "transferido",
        transferredAt: new Date(),
        transferredBy: user.id,
        proofFileName: "antigo.png",
        proofFile: Buffer.from(legacy).toString("base64"),
      })
      .returning();
    const fromRow = await openProof(payout!.id, "", cookie);
    expect(fromRow.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.compare(Buffer.from(await fromRow.arrayBuffer()), Buffer.from(legacy))).toBe(0);

    expect(await moveLegacyProofs()).toEqual({ moved: 1 });
    const [moved] = await db.select().from(schema.payouts).where(eq(schema.payouts.id, payout!.id));
    expect(moved).toMatchObject({
      proofFile: null,
      proofKey: `payouts/proofs/legacy-${payout!.id}.png`,
      proofContentType: "image/png",
      proofSize: legacy.length,
    });
    const fromStorage = await openProof(payout!.id, new URL(signedProofUrl(payout!.id)).search);
    expect(fromStorage.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.compare(Buffer.from(await fromStorage.arrayBuffer()), Buffer.from(legacy))).toBe(0);
    expect(await moveLegacyProofs()).toEqual({ moved: 0 });
  });

  it("says so in the form when the storage is down, and records nothing", async () => {
    // A loopback port nobody listens on: every request to the "bucket" is refused.
    const closed = net.createServer().listen(0, "127.0.0.1");
    await once(closed, "listening");
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    Object.assign(process.env, {
      STORAGE_S3_BUCKET: "comprovantes",
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      STORAGE_S3_ACCESS_KEY_ID: "x",
      STORAGE_S3_SECRET_ACCESS_KEY: "y",
      STORAGE_S3_FORCE_PATH_STYLE: "on",
    });
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const down = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofFile: new File([PDF], "c.pdf") });
    expect(down.status).toBe(503);
    expect(down.body.errors?.proofFile).toBe(
      "Não foi possível guardar o arquivo agora. Tente de novo em alguns minutos ou informe um link do comprovante.",
    );
    expect(await db.select().from(schema.payouts)).toHaveLength(0);
    expect(await db.select().from(schema.emailOutbox)).toHaveLength(0);
  });

  it("keeps the proof in an S3 bucket when STORAGE_S3_BUCKET is set", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fs-s3-proofs-"));
    const fake = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "comprovantes", configs: [] }],
    });
    const { port } = await fake.run();
    try {
      Object.assign(process.env, {
        STORAGE_S3_BUCKET: "comprovantes",
        STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
        STORAGE_S3_ACCESS_KEY_ID: "S3RVER",
        STORAGE_S3_SECRET_ACCESS_KEY: "S3RVER",
        STORAGE_S3_FORCE_PATH_STYLE: "on",
      });
      const fx = await adminFixture();
      const { cookie } = await createTestUser({ admin: true });
      const done = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofFile: new File([PDF], "c.pdf") });
      expect(done.status).toBe(200);
      const [payout] = await db.select().from(schema.payouts);
      expect(
        fs
          .readdirSync(path.join(dir, "comprovantes"), { recursive: true })
          .map(String)
          .some((f) => f.startsWith(payout!.proofKey!)),
      ).toBe(true);
      const served = await openProof(payout!.id, "", cookie);
      expect(served.headers.get("Content-Type")).toBe("application/pdf");
      expect(await served.text()).toBe(PDF);
    } finally {
      await fake.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
