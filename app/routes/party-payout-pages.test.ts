/**
 * Issue 14, item 6: the creator (/painel) and the donors (the ended party page) see the payout —
 * settlement date, transfer deadline, transfer date, the stored net amount and the proof's link.
 */
import { testContext } from "@tests/context";
import { useTestDatabase } from "@tests/database";
useTestDatabase();

import { authedRequest, createTestUser } from "@tests/auth";
import { insertCause, insertInstitution, insertPaidGift, insertParty } from "@tests/parties";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, formatDate, todayInSaoPaulo } from "~/platform/dates";
import { payoutDates } from "~/domain/payouts/business-days";
import { loader as partyLoader } from "./festa.$id";
import { loader as painelLoader } from "./painel";
import { loader as proofLoader } from "./repasses.$id.comprovante";

const context = testContext();
/** A PNG's signature and header, kept the legacy way (base64 in the row): enough for the type check. */
const PNG_BASE64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]).toString("base64");

async function endedPartyWithGifts(userId: string, daysAgo = 40) {
  const cause = await insertCause({ name: "Combate à Fome" });
  const org = await insertInstitution(cause.id, { name: "Instituto Prato Cheio", city: "Contagem", state: "MG" });
  const party = await insertParty({
    userId,
    causeId: cause.id,
    organizationId: org.id,
    name: "Chá do Theo",
    eventDate: addCalendarDays(todayInSaoPaulo(), -daysAgo),
  });
  await insertPaidGift(party.id, { amountCents: 30_000 });
  await insertPaidGift(party.id, { amountCents: 10_000 });
  return { party, org };
}

async function transfer(partyId: string, proof: { proofKey?: string; proofFile?: string; proofUrl?: string; proofFileName?: string }) {
  const [payout] = await db
    .insert(schema.payouts)
    .values({
      partyId,
      // As stored when it was transferred (a 10% fee then), whatever PLATFORM_FEE_PERCENT says today.
      grossCents: 40_000,
      feeCents: 4_000,
      netCents: 36_000,
      settlementDate: "2026-01-10",
      transferDeadline: "2026-01-14",
      status: "transferido",
      transferredAt: new Date("2026-01-13T15:00:00Z"),
      ...proof,
    })
    .returning();
  return payout!;
}

type PainelData = Awaited<ReturnType<typeof painelLoader>>;
type PartyData = {
  data: { status: string; payout: { headline: string; detail: string; proofHref: string | null } | null };
  init: { status: number };
};

const painel = (cookie: string) =>
  painelLoader({ request: authedRequest("/painel", { cookie }), params: {}, context } as never) as Promise<PainelData>;
const partyPage = async (code: string) =>
  (await partyLoader({
    request: new Request(`http://localhost/festa/${code}`),
    params: { id: code },
    context,
  } as never)) as unknown as PartyData;

describe("an ended party's payout", () => {
  it("before the transfer: /painel shows the settlement date and the deadline; the public page when it is due and that the net amount goes", async () => {
    const { user, cookie } = await createTestUser();
    // Settled yesterday: the transfer is still ahead (3 business days), so the page says "previsto até".
    const { party } = await endedPartyWithGifts(user.id, 34);
    const due = payoutDates(party.eventDate);

    const { ended } = await painel(cookie);
    expect(ended).toHaveLength(1);
    // Settled, within the deadline: the same status the admin's Repasses tab shows.
    expect(ended[0]!.payout).toEqual({
      ...due,
      settlementLabel: "Liquidação do cartão",
      stage: { stage: "pronto", label: "Pronto para repassar" },
      transfer: null,
    });

    const page = await partyPage(party.shareCode);
    expect(page.init.status).toBe(410);
    expect(page.data.payout).toEqual({
      headline: `Repasse à instituição previsto até ${due.transferDeadline.split("-").reverse().join("/")}`,
      detail:
        "Depois que a operadora do cartão libera os valores, transferimos o valor líquido (o total arrecadado menos a taxa de 10% da plataforma) e publicamos aqui o comprovante.",
      proofHref: null,
      proofExternal: false,
    });
  });

  it("after the transfer: the stored figures, the date and one signed proof link, on /painel and on the public page, which opens the proof", async () => {
    const { user, cookie } = await createTestUser();
    const { party } = await endedPartyWithGifts(user.id);
    const payout = await transfer(party.id, { proofFile: PNG_BASE64, proofFileName: "comprovante.png" });

    const { ended } = await painel(cookie);
    const view = ended[0]!.payout;
    expect(view).toMatchObject({
      settlementDate: "2026-01-10",
      transferDeadline: "2026-01-14",
      transfer: {
        at: "2026-01-13T15:00:00.000Z",
        amountLine: "R$ 360,00 transferidos: o total de R$ 400,00 menos R$ 40,00 da taxa da plataforma.",
        proofExternal: false,
      },
    });
    const href = view.transfer!.proofHref!;
    expect(href).toMatch(new RegExp(`^/repasses/${payout.id}/comprovante\\?t=[\\w-]+$`));

    const page = await partyPage(party.shareCode);
    expect(page.data.payout).toEqual({
      headline: `Repasse realizado em ${formatDate(new Date("2026-01-13T15:00:00Z"))}`,
      detail: "R$ 360,00 transferidos: o total de R$ 400,00 menos R$ 40,00 da taxa da plataforma.",
      proofHref: href,
      proofExternal: false,
    });

    // The link opens the proof for anyone; without its token, only an admin may.
    const opened = (await proofLoader({
      request: new Request(`http://localhost${href}`),
      params: { id: payout.id },
      context,
    } as never)) as Response;
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Type")).toBe("image/png");
    const bare = (await proofLoader({
      request: new Request(`http://localhost/repasses/${payout.id}/comprovante`),
      params: { id: payout.id },
      context,
    } as never)) as Response;
    expect(bare.status).toBe(404);
  });

  it("a proof kept as a link is shown as that link, and only an http(s) one", async () => {
    const { user, cookie } = await createTestUser();
    const first = await endedPartyWithGifts(user.id, 40);
    const second = await endedPartyWithGifts(user.id, 45);
    await transfer(first.party.id, { proofUrl: "https://banco.exemplo.com.br/comprovante/123" });
    await transfer(second.party.id, { proofUrl: "javascript:alert(1)" });
    const { ended } = await painel(cookie);
    const byId = new Map(ended.map((p) => [p.id, p.payout.transfer]));
    expect(byId.get(first.party.id)).toMatchObject({ proofHref: "https://banco.exemplo.com.br/comprovante/123", proofExternal: true });
    expect(byId.get(second.party.id)).toMatchObject({ proofHref: null });
  });

  it("a party without paid gifts has nothing to transfer: the public page says nothing about a payout", async () => {
    const { user } = await createTestUser();
    const cause = await insertCause();
    const party = await insertParty({ userId: user.id, causeId: cause.id, eventDate: addCalendarDays(todayInSaoPaulo(), -10) });
    expect((await partyPage(party.shareCode)).data.payout).toBeNull();
  });
});
