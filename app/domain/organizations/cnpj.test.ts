import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CNPJ_MESSAGES, cnpjCheckDigits, formatCnpj, isAlphanumericCnpj, isValidCnpj, parseCnpj } from "./cnpj";

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));
const validCnpj = digitString(12)
  .filter((base) => !/^(\d)\1{11}$/.test(base))
  .map((base) => base + cnpjCheckDigits(base));

describe("CNPJ", () => {
  it.each([
    "11.222.333/0001-81",
    "11222333000181",
    "00.000.000/0001-91", // Banco do Brasil
    "00.394.460/0058-87", // Receita Federal
    " 33.000.167/0001-01 ", // Petrobras, with spaces around
  ])("accepts the real CNPJ %s and keeps its 14 digits", (input) => {
    const result = parseCnpj(input);
    expect(result).toEqual({ ok: true, cnpj: input.replace(/\D/g, "") });
  });

  it.each([
    ["11.222.333/0001-82", CNPJ_MESSAGES.checkDigits],
    ["11.222.333/0001-18", CNPJ_MESSAGES.checkDigits],
    ["11.222.333/0001", CNPJ_MESSAGES.length],
    ["112223330001811", CNPJ_MESSAGES.length],
    ["11.222.333/0001-8a", CNPJ_MESSAGES.lastDigits],
    ["11.222.333/0001-8_", CNPJ_MESSAGES.length],
    ["12.ABC.345/01DE-36", CNPJ_MESSAGES.checkDigits],
    ["12.ABD.345/01DE-35", CNPJ_MESSAGES.checkDigits],
    ["12.ABC.345/01DE-3A", CNPJ_MESSAGES.lastDigits],
    ["12.ÁBC.345/01DE-35", CNPJ_MESSAGES.length],
    ["AAAAAAAAAAAAAA", CNPJ_MESSAGES.lastDigits],
    ["00.000.000/0000-00", CNPJ_MESSAGES.repeated],
    ["11111111111111", CNPJ_MESSAGES.repeated],
    ["", CNPJ_MESSAGES.required],
    ["   ", CNPJ_MESSAGES.required],
  ])("refuses %s with a pt-BR message", (input, message) => {
    expect(parseCnpj(input)).toEqual({ ok: false, error: message });
  });

  // The Receita Federal's published examples of the alphanumeric CNPJ (IN RFB 2.229/2024, FAQ
  // questions 14 and 23), checked against cpf-cnpj-validator: letters in the root, the branch or both.
  it.each([
    ["12.ABC.345/01DE-35", "12ABC34501DE35"],
    ["12ABC34501DE35", "12ABC34501DE35"],
    ["12abc34501de35", "12ABC34501DE35"],
    [" 12.abc.345/01de-35 ", "12ABC34501DE35"],
    ["AA.345.678/0001-14", "AA345678000114"],
    ["AA.345.678/000A-29", "AA345678000A29"],
    ["12.345.678/000A-08", "12345678000A08"],
  ])("accepts the alphanumeric CNPJ %s and keeps %s", (input, cnpj) => {
    expect(parseCnpj(input)).toEqual({ ok: true, cnpj });
    expect(isAlphanumericCnpj(cnpj)).toBe(true);
  });

  it("formats an alphanumeric CNPJ like a numeric one", () => {
    expect(formatCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("12ABC34501DE3A")).toBe("12ABC34501DE3A");
  });

  it("accepts every alphanumeric CNPJ built with its check digits and refuses it with a changed letter", () => {
    const alnum = fc
      .array(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"), { minLength: 12, maxLength: 12 })
      .map((chars) => chars.join(""))
      .filter((base) => !/^(.)\1{11}$/.test(base));
    fc.assert(
      fc.property(alnum, fc.boolean(), (base, punctuate) => {
        const cnpj = base + cnpjCheckDigits(base);
        expect(parseCnpj(punctuate ? formatCnpj(cnpj) : cnpj.toLowerCase())).toEqual({ ok: true, cnpj });
      }),
    );
    // "12ABC…" with its B turned into a C: letter weights are char code − 48, so it changes the sum by 1.
    expect(parseCnpj("12ACC34501DE35")).toEqual({ ok: false, error: CNPJ_MESSAGES.checkDigits });
  });

  it("accepts every CNPJ built with its check digits, however it is punctuated", () => {
    fc.assert(
      fc.property(validCnpj, fc.boolean(), (cnpj, punctuate) => {
        const typed = punctuate ? formatCnpj(cnpj) : cnpj;
        expect(parseCnpj(typed)).toEqual({ ok: true, cnpj });
      }),
    );
  });

  it("refuses any CNPJ whose last check digit is changed", () => {
    fc.assert(
      fc.property(validCnpj, fc.integer({ min: 1, max: 9 }), (cnpj, delta) => {
        const changed = cnpj.slice(0, 13) + ((Number(cnpj[13]) + delta) % 10);
        expect(parseCnpj(changed)).toEqual({ ok: false, error: CNPJ_MESSAGES.checkDigits });
      }),
    );
  });

  // A single changed digit can still form a valid CNPJ (remainders 0 and 1 both give 0), so the
  // property is agreement with the textbook rule, written independently: weights 2..9 from the right.
  it("accepts any 14 digits exactly when the textbook mod-11 rule does", () => {
    const reference = (digits: string) => {
      const dv = (body: string) => {
        const sum = [...body].reverse().reduce((acc, d, i) => acc + Number(d) * ((i % 8) + 2), 0);
        return sum % 11 < 2 ? 0 : 11 - (sum % 11);
      };
      const first = dv(digits.slice(0, 12));
      const second = dv(digits.slice(0, 12) + first);
      return !/^(\d)\1{13}$/.test(digits) && digits.endsWith(`${first}${second}`);
    };
    const nearValid = fc
      .tuple(validCnpj, fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 9 }))
      .map(([c, at, d]) => c.slice(0, at) + d + c.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(digitString(14), nearValid), (digits) => {
        expect(isValidCnpj(digits)).toBe(reference(digits));
      }),
      { numRuns: 2000 },
    );
  });

  it("formats 14 digits as 00.000.000/0000-00 and round-trips through the parser", () => {
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatCnpj("123")).toBe("123");
    fc.assert(
      fc.property(validCnpj, (cnpj) => {
        expect(formatCnpj(cnpj)).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
        expect(parseCnpj(formatCnpj(cnpj))).toEqual({ ok: true, cnpj });
      }),
    );
  });
});
