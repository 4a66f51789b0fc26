import { type TestDepsOverrides, testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { adminFixture, adminGet, adminPost, outcome, routeArgs, tinyPng } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { insertPaidGift, insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { getStorage, readAll } from "~/platform/storage/index.server";
import { action, loader } from "./admin";
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
  const result = (await loader(routeArgs(adminGet(`/admin?aba=repasses${query}`, cookie), deps))) as {
    data: { rows: PayoutRow[]; feePercent: number };
  };
  return result.data;
}

async function post(cookie: string, fields: Record<string, string | Blob>) {
  const r = await outcome(() => action(routeArgs(adminPost(cookie, fields))));
  return { ...r, body: r.body as { ok: boolean; message?: string; errors?: Record<string, string> } };
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
    expect((await payouts(cookie, "&situacao=transferidos")).rows.map((r) => r.partyId)).toEqual([fx.endedParty.id]);
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
