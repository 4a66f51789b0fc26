import { useTestDatabase } from "@tests/database";
import { insertCause, insertInstitution, insertParty, insertPaidGift, insertUser } from "@tests/parties";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/platform/db.server";
import { addCalendarDays, todayInSaoPaulo } from "~/platform/dates";
import { fieldErrors } from "@tests/forms";
import { createPartySchema } from "~/domain/parties/party-form";
import { parseSubmission } from "~/platform/forms/submission";
import { isPartyAcceptingGifts, partyVisibility } from "~/domain/parties/party-status";
import { listRecentPaidGifts, listRecentPaidGiftsByParty } from "~/domain/donations/gifts.server";
import { listLiveParties, listPartiesOfOwner } from "./party-list.server";
import { createParty, findPartyForPage, generateShareCode } from "./parties.server";

useTestDatabase();

const today = todayInSaoPaulo();

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

function validFields(organizationId: string, extra: Record<string, string> = {}) {
  return {
    name: "Aniversário da Lia",
    eventType: "Aniversário",
    eventDate: addCalendarDays(today, 3),
    organizationId,
    goal: "1.500,50",
    message: "Porque sim",
    ...extra,
  };
}

/** The create-party form as the action reads it: the value, or the first message per field. */
function parseCreatePartyForm(form: FormData, today?: string) {
  const submission = parseSubmission(form, createPartySchema(today));
  if (submission.status === "success") return { ok: true as const, data: submission.value };
  return { ok: false as const, errors: fieldErrors(submission.reply()) };
}

async function partyCount() {
  const [row] = await db.select({ n: count() }).from(schema.parties);
  return Number(row!.n);
}

describe("creating a party", () => {
  it("stores the party for the given user with centavos, a 5-char code, the share link, the institution and its cause", async () => {
    const user = await insertUser();
    const cause = await insertCause();
    const org = await insertInstitution(cause.id);
    const parsed = parseCreatePartyForm(form(validFields(org.id)));
    expect(parsed.ok).toBe(true);
    const result = await createParty(user.id, parsed.ok ? parsed.data : (undefined as never));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.party.userId).toBe(user.id);
    expect(result.party).toMatchObject({ organizationId: org.id, causeId: cause.id });
    expect(result.party.goalCents).toBe(150050);
    expect(result.party.shareCode).toMatch(/^[0-9a-z]{5}$/);
    expect(result.party.shareLink).toBe(`http://localhost:3000/festa/${result.party.shareCode}`);
    expect(result.party.raisedCents).toBe(0);
  });

  it("refuses a past date in São Paulo, a bad or negative goal and missing fields with pt-BR messages", () => {
    const organizationId = "6f1c1b8e-8a55-4d2c-9d0b-2b8f3f0e6a11"; // the schema checks only its shape
    const past = parseCreatePartyForm(form(validFields(organizationId, { eventDate: addCalendarDays(today, -1) })));
    expect(past).toEqual({ ok: false, errors: { eventDate: "A data do evento não pode estar no passado." } });
    // 02:30 UTC on the 11th is still the 10th in São Paulo: the 10th is "today", not the past.
    const lateNight = parseCreatePartyForm(
      form(validFields(organizationId, { eventDate: "2026-03-10" })),
      todayInSaoPaulo(new Date("2026-03-11T02:30:00Z")),
    );
    expect(lateNight.ok).toBe(true);
    expect(parseCreatePartyForm(form(validFields(organizationId, { goal: "abc" })))).toEqual({
      ok: false,
      errors: { goal: "Informe a meta em reais, por exemplo 1.500,00." },
    });
    expect(parseCreatePartyForm(form(validFields(organizationId, { goal: "-10" })))).toEqual({
      ok: false,
      errors: { goal: "A meta não pode ser negativa." },
    });
    const empty = parseCreatePartyForm(form({ name: " ", eventType: "", eventDate: "", organizationId: "" }));
    expect(empty.ok ? null : empty.errors).toEqual({
      name: "Informe o nome da festa.",
      eventType: "Escolha o tipo de evento.",
      eventDate: "Informe a data do evento.",
      organizationId: "Escolha a ONG/Causa.",
    });
    const notAnId = parseCreatePartyForm(form(validFields("prato-cheio")));
    expect(notAnId).toEqual({ ok: false, errors: { organizationId: "Escolha uma ONG/Causa da lista." } });
    const noGoal = parseCreatePartyForm(form(validFields(organizationId, { goal: "", message: "" })));
    expect(noGoal.ok && noGoal.data).toMatchObject({ goal: 0, message: null });
  });

  it("ignores a user id and a cause id posted with the form", async () => {
    const parsed = parseCreatePartyForm(
      form(validFields("6f1c1b8e-8a55-4d2c-9d0b-2b8f3f0e6a11", { userId: "someone-else", user_id: "x", causeId: "y" })),
    );
    // campaignId: the team campaign the party asks to join (decision 217), checked by createParty.
    expect(parsed.ok && Object.keys(parsed.data).sort()).toEqual([
      "campaignId",
      "eventDate",
      "eventType",
      "goal",
      "message",
      "name",
      "organizationId",
    ]);
  });

  it("refuses an unknown, inactive or unverified institution, or one of an inactive cause, with its message, and stores nothing", async () => {
    const user = await insertUser();
    const cause = await insertCause();
    const offCause = await insertCause({ active: false });
    const cases = [
      ["6f1c1b8e-8a55-4d2c-9d0b-2b8f3f0e6a11", "Esta ONG/Causa não está disponível. Escolha outra da lista."],
      [(await insertInstitution(offCause.id)).id, "Esta ONG/Causa não está disponível. Escolha outra da lista."],
      [(await insertInstitution(cause.id, { causeId: null })).id, "Esta ONG/Causa não está disponível. Escolha outra da lista."],
      [
        (await insertInstitution(cause.id, { active: false })).id,
        "Esta instituição não está recebendo doações no momento. Escolha outra da lista.",
      ],
      [
        (await insertInstitution(cause.id, { verifiedAt: null })).id,
        "Esta instituição ainda está em verificação pela nossa equipe e não pode receber festas por enquanto. Escolha outra da lista.",
      ],
    ] as const;
    for (const [organizationId, message] of cases) {
      const parsed = parseCreatePartyForm(form(validFields(organizationId)));
      const result = await createParty(user.id, parsed.ok ? parsed.data : (undefined as never));
      expect(result).toEqual({ ok: false, field: "organizationId", message });
    }
    expect(await partyCount()).toBe(0);
  });

  it("retries a colliding share code and gives up after repeated collisions", async () => {
    const user = await insertUser();
    const cause = await insertCause();
    const org = await insertInstitution(cause.id);
    await insertParty({ userId: user.id, causeId: cause.id, shareCode: "aaaaa" });
    const parsed = parseCreatePartyForm(form(validFields(org.id)));
    if (!parsed.ok) throw new Error("invalid");
    const codes = ["aaaaa", "aaaaa", "bbbbb"];
    const result = await createParty(user.id, parsed.data, { generateCode: () => codes.shift()! });
    expect(result.ok && result.party.shareCode).toBe("bbbbb");
    await expect(createParty(user.id, parsed.data, { generateCode: () => "aaaaa" })).rejects.toThrow();
    expect(await partyCount()).toBe(2);
  });

  it("draws codes from the 36-character alphabet", () => {
    expect(generateShareCode(() => 35)).toBe("zzzzz");
    expect(generateShareCode(() => 0)).toBe("00000");
    let i = 0;
    expect(generateShareCode(() => [10, 11, 12, 1, 2][i++]!)).toBe("abc12");
  });
});

describe("the 5-day offline rule (America/Sao_Paulo)", () => {
  const party = { active: true, eventDate: "2026-03-10" };
  it("keeps a party live through the 5th day after the event and ends it at midnight in São Paulo", () => {
    expect(isPartyAcceptingGifts(party, new Date("2026-03-16T02:59:59-00:00"))).toBe(true); // 15/03 23:59:59 BRT
    expect(isPartyAcceptingGifts(party, new Date("2026-03-16T03:00:00Z"))).toBe(false); // 16/03 00:00 BRT
    expect(partyVisibility(party, "2026-03-15")).toBe("live");
    expect(partyVisibility(party, "2026-03-16")).toBe("ended");
    expect(partyVisibility({ ...party, active: false }, "2026-03-01")).toBe("inactive");
  });

  it("applies the same boundary to the public listing", async () => {
    const user = await insertUser();
    const cause = await insertCause();
    await insertParty({ userId: user.id, causeId: cause.id, eventDate: "2026-03-10", name: "Festa limite" });
    expect((await listLiveParties({ today: "2026-03-15" })).parties.map((p) => p.name)).toEqual(["Festa limite"]);
    expect((await listLiveParties({ today: "2026-03-16" })).parties).toEqual([]);
  });
});

describe("the events listing", () => {
  it("searches by name (case-insensitive contains, wildcards literal) and exact date, newest first, paginated", async () => {
    const user = await insertUser();
    const cause = await insertCause();
    const d = (n: number) => addCalendarDays(today, n);
    await insertParty({ userId: user.id, causeId: cause.id, name: "Aniversário da Júlia", eventDate: d(5) });
    await insertParty({ userId: user.id, causeId: cause.id, name: "Casamento JULIA e Léo", eventDate: d(20) });
    await insertParty({ userId: user.id, causeId: cause.id, name: "Formatura 100% Engenharia", eventDate: d(1) });
    await insertParty({ userId: user.id, causeId: cause.id, name: "Julia inativa", eventDate: d(2), active: false });
    await insertParty({ userId: user.id, causeId: cause.id, name: "Julia antiga", eventDate: d(-6) });

    const names = async (s: Parameters<typeof listLiveParties>[0]) => (await listLiveParties(s)).parties.map((p) => p.name);
    expect(await names({})).toEqual(["Casamento JULIA e Léo", "Aniversário da Júlia", "Formatura 100% Engenharia"]);
    expect(await names({ name: "julia" })).toEqual(["Casamento JULIA e Léo", "Aniversário da Júlia"]);
    expect(await names({ name: "JÚLIA" })).toEqual(["Casamento JULIA e Léo", "Aniversário da Júlia"]);
    expect(await names({ name: "leo" })).toEqual(["Casamento JULIA e Léo"]);
    expect(await names({ name: "100%" })).toEqual(["Formatura 100% Engenharia"]);
    expect(await names({ name: "%" })).toEqual(["Formatura 100% Engenharia"]);
    expect(await names({ date: d(5) })).toEqual(["Aniversário da Júlia"]);
    expect(await names({ name: "julia", date: d(5) })).toEqual(["Aniversário da Júlia"]);
    expect(await names({ name: "formatura", date: d(5) })).toEqual([]);

    const page2 = await listLiveParties({ pageSize: 2, page: 2 });
    expect(page2).toMatchObject({ totalCount: 3, pageCount: 2, page: 2 });
    expect(page2.parties.map((p) => p.name)).toEqual(["Formatura 100% Engenharia"]);
  });
});

describe("totals and gifts", () => {
  it("keeps raised amount and count on the party and lists recent gifts without e-mails", async () => {
    const user = await insertUser();
    const cause = await insertCause();
    const party = await insertParty({ userId: user.id, causeId: cause.id });
    for (let i = 0; i < 12; i++) {
      await insertPaidGift(party.id, {
        amountCents: 1000 + i,
        name: i === 11 ? null : `Convidado ${i}`,
        message: `m${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    await db
      .insert(schema.donations)
      .values({ partyId: party.id, amountCents: 99999, status: "pendente", provider: "sandbox", donorEmail: "p@exemplo.com.br" });

    const page = await findPartyForPage(party.shareCode);
    expect(page).toMatchObject({ raisedCents: 12 * 1000 + 66, paidCount: 12, causeName: "Doenças Raras" });
    expect((await findPartyForPage(party.id))?.id).toBe(party.id);
    expect(await findPartyForPage("zzzzz")).toBeNull();

    const gifts = await listRecentPaidGifts(party.id, 10);
    expect(gifts).toHaveLength(10);
    expect(gifts[0]).toMatchObject({ name: null, message: "m11", amountCents: 1011 });
    expect(gifts[1]).toMatchObject({ name: "Convidado 10" });
    expect(JSON.stringify(gifts)).not.toContain("@");
    expect((await listRecentPaidGiftsByParty([party.id])).get(party.id)).toHaveLength(5);
  });
});

describe("ownership", () => {
  it("lists only the signed-in creator's active parties", async () => {
    const a = await insertUser("Ana");
    const b = await insertUser("Bruno");
    const cause = await insertCause();
    await insertParty({ userId: a.id, causeId: cause.id, name: "Festa da Ana" });
    await insertParty({ userId: a.id, causeId: cause.id, name: "Festa encerrada da Ana", eventDate: addCalendarDays(today, -30) });
    await insertParty({ userId: a.id, causeId: cause.id, name: "Desativada", active: false });
    await insertParty({ userId: b.id, causeId: cause.id, name: "Festa do Bruno" });
    const names = (await listPartiesOfOwner(a.id)).map((p) => p.name).sort();
    expect(names).toEqual(["Festa da Ana", "Festa encerrada da Ana"]);
    const stored = await db.select().from(schema.parties).where(eq(schema.parties.userId, b.id));
    expect(stored).toHaveLength(1);
  });
});
