/**
 * Matching sponsors on the pages (decision 215): an admin creates a pledge (the sponsor's CPF or
 * CNPJ checked, one active per party), the party page and /doar show its banner, and the party's
 * live stream carries the remaining amount as gifts are paid — the promised money never in the total.
 */
import { adminPost, adminTabAction, outcome, postToAdmin, routeArgs } from "@tests/admin";
import { createTestUser } from "@tests/auth";
import { testContext, testDeps } from "@tests/context";
import { useTestDatabase } from "@tests/database";
import { donationEvent, givingSetup, insertPendingGift } from "@tests/donations";
import { readUntil } from "@tests/event-stream";
import { insertParty } from "@tests/parties";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { processPaymentEvent } from "~/domain/donations/payment-events.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { db, schema } from "~/platform/db.server";
import { loader as doarLoader } from "./doar";
import { loader as partyLoader } from "./festa.$id";
import { loader as streamLoader } from "./festa.$id.eventos";

useTestDatabase();

const pledgeFields = (partyId: string, overrides: Record<string, string> = {}) => ({
  intent: "createMatchPledge",
  partyId,
  sponsorName: "Padaria Pão Quente",
  sponsorDocument: "11.222.333/0001-81",
  sponsorEmail: "",
  sponsorLogoUrl: "",
  ratioPercent: "100",
  cap: "1.000,00",
  deadline: addCalendarDays(todayInSaoPaulo(), 10),
  ...overrides,
});

type Snapshot = { raisedCents: number; match: { remainingCents: number; capCents: number; status: string } | null };
const snapshots = (text: string) =>
  text
    .split("\n\n")
    .filter((block) => block.startsWith("event: snapshot"))
    .map((block) => JSON.parse(block.split("data: ")[1]!) as Snapshot);

describe("matching pledges on the admin panel and the party's pages", () => {
  it("an admin creates one for a party, active at once; a bad CPF/CNPJ, a past date, an ended party and a second pledge are refused", async () => {
    const { party } = await givingSetup();
    const admin = await createTestUser({ admin: true, name: "Admin" });
    const user = await createTestUser({ name: "Pessoa Comum" });

    expect((await outcome(() => adminTabAction(routeArgs(adminPost(user.cookie, pledgeFields(party.id)))))).status).toBe(403);
    const badDocument = await postToAdmin(admin.cookie, pledgeFields(party.id, { sponsorDocument: "123.456.789-00" }));
    expect(badDocument.status).toBe(400);
    expect(badDocument.body.errors?.sponsorDocument).toBe("Informe um CPF ou CNPJ válido do patrocinador.");
    const past = await postToAdmin(admin.cookie, pledgeFields(party.id, { deadline: addCalendarDays(todayInSaoPaulo(), -1) }));
    expect(past.status).toBe(400);
    const ended = await insertParty({ userId: party.userId!, causeId: party.causeId, eventDate: addCalendarDays(todayInSaoPaulo(), -30) });
    expect((await postToAdmin(admin.cookie, pledgeFields(ended.id))).status).toBe(400);
    expect(await db.select().from(schema.matchPledges)).toEqual([]);

    // A person's CPF, with its punctuation: stored as its 11 digits.
    const created = await postToAdmin(admin.cookie, pledgeFields(party.id, { sponsorDocument: "529.982.247-25", ratioPercent: "200" }));
    expect(created.status).toBe(200);
    const [row] = await db.select().from(schema.matchPledges).where(eq(schema.matchPledges.partyId, party.id));
    expect(row).toMatchObject({
      sponsorDocument: "52998224725",
      ratioPercent: 200,
      capCents: 100_000,
      matchedCents: 0,
      status: "ativa",
      createdBy: admin.user.id,
    });
    expect(row!.confirmedAt).not.toBeNull();
    const again = await postToAdmin(admin.cookie, pledgeFields(party.id));
    expect(again.status).toBe(400);
    expect(await db.select().from(schema.matchPledges)).toHaveLength(1);

    const cancelled = await postToAdmin(admin.cookie, { intent: "cancelMatchPledge", pledgeId: row!.id });
    expect(cancelled.status).toBe(200);
    expect((await postToAdmin(admin.cookie, pledgeFields(party.id))).status).toBe(200);
  });

  it("the party page and /doar show the banner; the live stream's remaining shrinks as gifts are paid, the total stays the gifts'", async () => {
    const { party } = await givingSetup();
    const admin = await createTestUser({ admin: true, name: "Admin" });
    expect((await postToAdmin(admin.cookie, pledgeFields(party.id, { cap: "100,00" }))).status).toBe(200);

    const page = (await partyLoader({
      request: new Request(`http://localhost:3000/festa/${party.shareCode}`),
      params: { id: party.shareCode },
      context: testContext(),
    } as never)) as {
      data: { match: { sponsorName: string; remainingCents: number; capCents: number; headline: string; status: string } | null };
    };
    expect(page.data.match).toMatchObject({ sponsorName: "Padaria Pão Quente", remainingCents: 10_000, capCents: 10_000 });
    expect(page.data.match!.headline).toMatch(/^Cada real vale dois até R\$\s100,00 — patrocínio de Padaria Pão Quente$/);
    expect(page.data.match!.status).toMatch(/^Restam R\$\s100,00 de patrocínio\.$/);
    const doar = (await outcome(() => doarLoader(routeArgs(new Request(`http://localhost:3000/doar?festa=${party.shareCode}`))))).body as {
      target: { match: { remainingCents: number } | null };
    };
    expect(doar.target.match).toMatchObject({ remainingCents: 10_000 });

    const abort = new AbortController();
    const args = {
      request: new Request(`http://localhost/festa/${party.shareCode}/eventos`, { signal: abort.signal }),
      params: { id: party.shareCode },
      context: testContext(),
    };
    const stream = ((await streamLoader(args as never)) as Response).body!;
    expect(snapshots(await readUntil(stream, (t) => snapshots(t).length >= 1))[0]!.match).toMatchObject({ remainingCents: 10_000 });

    const gift = await insertPendingGift(party.id, { amountCents: 6_000 });
    await processPaymentEvent(donationEvent(gift, "paid"), testDeps());
    const text = await readUntil(stream, (t) => snapshots(t).some((s) => s.raisedCents === 6_000));
    // R$ 60 given, R$ 60 promised: R$ 40 of the sponsor's R$ 100 left; the total is the gift alone.
    expect(snapshots(text).at(-1)).toMatchObject({ raisedCents: 6_000, match: { remainingCents: 4_000, capCents: 10_000 } });
    expect(snapshots(text).at(-1)!.match!.status).toMatch(
      /^Restam R\$\s40,00 de patrocínio\. R\$\s60,00 prometidos pelo patrocinador \(entram na arrecadação quando ele pagar\)\.$/,
    );
    abort.abort();
  });
});
