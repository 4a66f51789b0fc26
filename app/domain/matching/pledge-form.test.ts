import { describe, expect, it } from "vitest";
import { cnpjCheckDigits } from "~/domain/organizations";
import { parseSponsorDocument, PLEDGE_MESSAGES, pledgeCreateSchema } from "./pledge-form";
import { matchFor } from "./pledge-status";

const valid = {
  partyId: "6f1c2a64-9a53-4d43-9d64-3f1b2b8f0a11",
  sponsorName: "Padaria Pão Quente",
  sponsorDocument: "11.222.333/0001-81",
  sponsorEmail: "",
  sponsorLogoUrl: "",
  cap: "1.000,00",
  deadline: "2026-12-20",
};

describe("the sponsor's document", () => {
  it("takes a CPF or a CNPJ (numeric or alphanumeric), with or without punctuation, and nothing else", () => {
    expect(parseSponsorDocument("529.982.247-25")).toBe("52998224725");
    expect(parseSponsorDocument("11222333000181")).toBe("11222333000181");
    const base = "12ABC34501DE";
    expect(parseSponsorDocument(`12.ABC.345/01DE-${cnpjCheckDigits(base)}`)).toBe(`${base}${cnpjCheckDigits(base)}`);
    for (const bad of ["529.982.247-26", "111.111.111-11", "11.222.333/0001-82", "1234", ""]) expect(parseSponsorDocument(bad)).toBeNull();
  });
});

describe("pledgeCreateSchema", () => {
  it("parses the cap into centavos, the ratio 1:1 by default, and refuses what the admin mistyped", () => {
    const ok = pledgeCreateSchema.safeParse(valid);
    expect(ok.success && ok.data).toMatchObject({ cap: 100_000, ratioPercent: 100, sponsorDocument: "11222333000181", sponsorEmail: null });
    const bad = pledgeCreateSchema.safeParse({ ...valid, sponsorDocument: "123", cap: "5,00", ratioPercent: "300" });
    const messages = bad.success ? [] : bad.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([PLEDGE_MESSAGES.document, PLEDGE_MESSAGES.cap, PLEDGE_MESSAGES.ratio]));
  });
});

describe("matchFor", () => {
  it("is the gift × the ratio in whole centavos, never more than remains", () => {
    expect(matchFor(1_001, 50, 10_000)).toBe(500);
    expect(matchFor(1_000, 200, 10_000)).toBe(2_000);
    expect(matchFor(1_000, 100, 300)).toBe(300);
    expect(matchFor(1_000, 100, 0)).toBe(0);
  });
});
