import { type TestDepsOverrides, testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, adminPost, outcome, routeArgs, tinyPng } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { fieldErrors, postedValues } from "@tests/forms";
import { insertPaidGift, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixedClock } from "~/platform/clock";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import type { FormResult } from "~/platform/forms/submission";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { adminTabAction as action, adminTabLoader as loader } from "@tests/admin";
import { loader as proofLoader } from "./repasses.$id.comprovante";

type PayoutRow = {
  partyId: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
  settlementDate: string;
  transferDeadline: string;
  overdue: boolean;
  status: string | null;
  payoutId: string | null;
};

async function payouts(cookie: string, query = "", deps?: TestDepsOverrides) {
  const result = (await loader(routeArgs(adminGet(`/admin/repasses${query}`, cookie), deps))) as {
    data: { rows: PayoutRow[]; feePercent: number; today: string };
  };
  return result.data;
}

async function post(cookie: string, fields: Record<string, string | Blob>, deps?: TestDepsOverrides) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, fields), deps)));
  const body = r.body as { ok: boolean; message?: string; result?: FormResult };
  // A refused form answers Conform's reply; its first message per field is read from there.
  return { ...r, body: { ...body, errors: fieldErrors(body?.result), values: postedValues(body?.result) } };
}

describe("Repasses", () => {
  it("lists ended parties with gross, fee and net in centavos, settlement +33 days and +3 business days", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    // Settles on Friday 2026-04-17: Monday 20, (Tiradentes on Tuesday 21), Wednesday 22, Thursday 23.
    const tiradentes = await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, name: "Formatura", eventDate: "2026-03-15" });
    await insertPaidGift(tiradentes.id, { amountCents: 333_335 });
    await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, name: "Sem doações", eventDate: "2026-03-15" });

    const data = await payouts(cookie);
    expect(data.feePercent).toBe(10);
    expect(data.rows.map((r) => r.partyId).sort()).toEqual([fx.endedParty.id, tiradentes.id].sort()); // not the live one, not the empty one
    const row = data.rows.find((r) => r.partyId === tiradentes.id)!;
    expect(row).toMatchObject({
      grossCents: 333_335,
      feeCents: 33_334,
      netCents: 300_001,
      settlementDate: "2026-04-17",
      transferDeadline: "2026-04-23",
      overdue: true,
    });
    const ended = data.rows.find((r) => r.partyId === fx.endedParty.id)!;
    expect(ended).toMatchObject({ grossCents: 10_001, feeCents: 1_000, netCents: 9_001 });
    expect(ended.settlementDate).toBe(addCalendarDays(fx.endedParty.eventDate, 33));
  });

  it("adds up the fees stored when each gift was paid, never today's PLATFORM_FEE_PERCENT", async () => {
    const fx = await adminFixture(); // its ended party's gift was paid at 10%
    await insertPaidGift(fx.endedParty.id, { amountCents: 2_000, feePercent: 7.5 }); // paid after the fee changed
    const config = parseConfig({ ...process.env, PLATFORM_FEE_PERCENT: "5" });
    const { cookie } = await createTestUser({ admin: true });
    const row = (await payouts(cookie, "", { config })).rows.find((r) => r.partyId === fx.endedParty.id)!;
    expect(row).toMatchObject({ grossCents: 12_001, feeCents: 1_000 + 150, netCents: 9_001 + 1_850 });
  });

  it("does not flag a payout whose deadline has not passed", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const recent = await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -6) });
    await insertPaidGift(recent.id, { amountCents: 5_000 });
    const row = (await payouts(cookie)).rows.find((r) => r.partyId === recent.id)!;
    expect(row.overdue).toBe(false);
  });

  it("marks a payout transferred with an uploaded proof, e-mails the creator and the institution, and refuses a repeat", async () => {
    const fx = await adminFixture();
    const { cookie, user } = await createTestUser({ admin: true });
    const done = await post(cookie, {
      intent: "markPayoutTransferred",
      partyId: fx.endedParty.id,
      proofFile: tinyPng("Comprovante Itaú.png"),
    });
    expect(done.status).toBe(200);

    const [payout] = await db.select().from(schema.payouts);
    expect(payout).toMatchObject({
      partyId: fx.endedParty.id,
      status: "transferido",
      grossCents: 10_001,
      feeCents: 1_000,
      netCents: 9_001,
      transferredBy: user.id,
      proofFileName: "Comprovante-Itau.png",
    });
    // The file is in file storage, not in the database.
    expect(payout!.proofFile).toBeNull();
    expect((await readAll((await getStorage().get(payout!.proofKey!))!))[0]).toBe(0x89);

    const [owner] = await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, fx.owner.id));
    const mails = await db.select().from(schema.emailOutbox);
    expect(mails.map((m) => m.to).sort()).toEqual([owner!.email, "contato@aadora.org.br"].sort());
    const link = mails[0]!.text.match(/http:\/\/localhost:3000\/repasses\/[0-9a-f-]+\/comprovante\?t=[\w-]+/)![0];
    expect(mails[0]!.text).toContain("R$ 90,01");

    // The signed link opens the file for anyone holding it; without the token it does not exist.
    const withToken = (await proofLoader({
      request: adminGet(link.replace("http://localhost:3000", "")),
      params: { id: payout!.id },
      context: testContext(),
    } as never)) as Response;
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get("Content-Type")).toBe("image/png");
    const stranger = await createTestUser();
    const noToken = (await proofLoader({
      request: adminGet(`/repasses/${payout!.id}/comprovante`, stranger.cookie),
      params: { id: payout!.id },
      context: testContext(),
    } as never)) as Response;
    expect(noToken.status).toBe(404);
    const asAdmin = (await proofLoader({
      request: adminGet(`/repasses/${payout!.id}/comprovante`, cookie),
      params: { id: payout!.id },
      context: testContext(),
    } as never)) as Response;
    expect(asAdmin.status).toBe(200);

    const again = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofUrl: "https://banco.example/2" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Este repasse já foi marcado como transferido.");
    expect(await db.select().from(schema.emailOutbox)).toHaveLength(2);
    expect((await payouts(cookie)).rows.map((r) => r.partyId)).not.toContain(fx.endedParty.id);
    expect((await payouts(cookie, "?situacao=transferidos")).rows.map((r) => r.partyId)).toEqual([fx.endedParty.id]);
  });

  it("refuses a party that has not ended, a missing proof, a wrong file type and a file over 10 MB", async () => {
    const fx = await adminFixture();
    const { cookie } = await createTestUser({ admin: true });
    const live = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.liveParty.id, proofUrl: "https://banco.example/1" });
    expect(live.status).toBe(409);
    const none = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id });
    expect(none.body.errors?.proofUrl).toBe("Informe o link do comprovante ou envie o arquivo.");
    const fake = new File(["<script>alert(1)</script>"], "comprovante.pdf", { type: "application/pdf" });
    const wrongType = await post(cookie, { intent: "markPayoutTransferred", partyId: fx.endedParty.id, proofFile: fake });
    expect(wrongType.body.errors?.proofFile).toBe("Envie o comprovante em PDF, PNG ou JPG.");
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const tooBig = await post(cookie, {
      intent: "markPayoutTransferred",
      partyId: fx.endedParty.id,
      proofFile: new File([big], "grande.pdf"),
    });
    expect(tooBig.body.errors?.proofFile).toMatch(/^O arquivo tem mais de 10 MB/);
    const huge = await post(cookie, {
      intent: "markPayoutTransferred",
      partyId: fx.endedParty.id,
      proofFile: new File([new Uint8Array(12 * 1024 * 1024)], "enorme.pdf"),
    });
    expect(huge.status).toBe(413);
    expect(await db.select().from(schema.payouts)).toHaveLength(0);
    expect(await db.select().from(schema.emailOutbox)).toHaveLength(0);
  });
});

describe("Repasse antes da liquidação do cartão", () => {
  // Event on Sunday 2026-03-15: the operator settles on 2026-04-17, the deadline is 2026-04-23.
  const beforeSettlement = { clock: fixedClock("2026-04-10T15:00:00Z") };
  const onSettlementDay = { clock: fixedClock("2026-04-17T15:00:00Z") };

  async function earlyFixture() {
    const fx = await adminFixture();
    const party = await insertParty({ userId: fx.owner.id, causeId: fx.cause.id, organizationId: fx.org.id, eventDate: "2026-03-15" });
    await insertPaidGift(party.id, { amountCents: 20_000 });
    return { fx, party };
  }

  it("asks for the reason before the settlement date (a pt-BR message on its field) and records nothing without it", async () => {
    const { party } = await earlyFixture();
    const { cookie } = await createTestUser({ admin: true });
    const fields = { intent: "markPayoutTransferred", partyId: party.id, proofUrl: "https://banco.example/antecipado" };

    const missing = await post(cookie, fields, beforeSettlement);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      earlyReason: "A operadora só liquida as doações em 17/04/2026. Para repassar antes, informe o motivo.",
    });
    expect(missing.body.values).toMatchObject({ partyId: party.id, proofUrl: "https://banco.example/antecipado" });
    expect(missing.setCookie).toContain("fs_toast");

    const short = await post(cookie, { ...fields, earlyReason: "  urgente " }, beforeSettlement);
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ earlyReason: "Descreva o motivo com pelo menos 10 caracteres." });

    expect(await db.select().from(schema.payouts)).toHaveLength(0);
    expect(await db.select().from(schema.emailOutbox)).toHaveLength(0);
    expect(await db.select().from(schema.auditLog)).toHaveLength(0);
  });

  it("discards an uploaded proof when the reason is missing", async () => {
    const { party } = await earlyFixture();
    const { cookie } = await createTestUser({ admin: true });
    const proofs = path.join(process.env.DATA_DIR!, "files", "data", "payouts", "proofs");
    const storedProofs = () => (fs.existsSync(proofs) ? fs.readdirSync(proofs) : []);
    const before = storedProofs();
    const refused = await post(cookie, { intent: "markPayoutTransferred", partyId: party.id, proofFile: tinyPng() }, beforeSettlement);
    expect(refused.body.errors.earlyReason).toMatch(/^A operadora só liquida as doações em 17\/04\/2026/);
    expect(await db.select().from(schema.payouts)).toHaveLength(0);
    expect(storedProofs()).toEqual(before);
  });

  it("with a reason, records the transfer and keeps the reason, the settlement date and the deadline in the audit log", async () => {
    const { party } = await earlyFixture();
    const { cookie, user } = await createTestUser({ admin: true });
    const reason = "A ONG precisa pagar a cirurgia marcada para esta semana.";
    const done = await post(
      cookie,
      { intent: "markPayoutTransferred", partyId: party.id, proofUrl: "https://banco.example/antecipado", earlyReason: ` ${reason} ` },
      beforeSettlement,
    );
    expect(done.status).toBe(200);
    const [payout] = await db.select().from(schema.payouts).where(eq(schema.payouts.partyId, party.id));
    expect(payout).toMatchObject({ status: "transferido", settlementDate: "2026-04-17", transferDeadline: "2026-04-23" });
    const [entry] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "payout.transfer"));
    expect(entry).toMatchObject({ actorUserId: user.id, entityId: payout!.id });
    expect(entry!.details).toMatchObject({ earlyReason: reason, settlementDate: "2026-04-17", transferDeadline: "2026-04-23" });
  });

  it("needs no reason from the settlement date on, and records none", async () => {
    const { party } = await earlyFixture();
    const { cookie } = await createTestUser({ admin: true });
    const done = await post(
      cookie,
      {
        intent: "markPayoutTransferred",
        partyId: party.id,
        proofUrl: "https://banco.example/no-dia",
        earlyReason: "motivo que não se aplica",
      },
      onSettlementDay,
    );
    expect(done.status).toBe(200);
    const [entry] = await db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "payout.transfer"));
    expect(entry!.details).toMatchObject({ earlyReason: null, settlementDate: "2026-04-17" });
  });

  it("shows each pending row's settlement date, so the form knows when to ask for the reason", async () => {
    const { party } = await earlyFixture();
    const { cookie } = await createTestUser({ admin: true });
    const before = await payouts(cookie, "", beforeSettlement);
    expect(before).toMatchObject({ today: "2026-04-10" });
    expect(before.rows.find((r) => r.partyId === party.id)).toMatchObject({ settlementDate: "2026-04-17", overdue: false });
    const after = await payouts(cookie, "", { clock: fixedClock("2026-04-24T15:00:00Z") });
    expect(after.rows.find((r) => r.partyId === party.id)).toMatchObject({ transferDeadline: "2026-04-23", overdue: true });
  });
});
