import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cnpjCheckDigits } from "./cnpj";
import { cpfCheckDigits, isValidCpfDigits } from "./cpf";
import { BRAZILIAN_DDDS, formatPixKey, parsePixKey, PIX_MESSAGES, type PixKeyType } from "./pix-key";

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));
const validCpf = digitString(9)
  .filter((base) => !/^(\d)\1{8}$/.test(base))
  .map((base) => base + cpfCheckDigits(base));

describe("CPF", () => {
  it.each(["52998224725", "11144477735"])("knows the real CPF %s", (cpf) => expect(isValidCpfDigits(cpf)).toBe(true));
  it.each(["52998224724", "11111111111", "1234567890", "abcdefghijk"])("refuses %s", (cpf) => expect(isValidCpfDigits(cpf)).toBe(false));
  // One changed digit can still form a valid CPF (remainder 10 counts as 0), so the property is
  // agreement with the textbook rule, written independently: sum × 10 mod 11 mod 10.
  it("accepts any 11 digits exactly when the textbook rule does", () => {
    const reference = (digits: string) => {
      const dv = (body: string) => (([...body].reduce((acc, d, i) => acc + Number(d) * (body.length + 1 - i), 0) * 10) % 11) % 10;
      const first = dv(digits.slice(0, 9));
      return !/^(\d)\1{10}$/.test(digits) && digits.endsWith(`${first}${dv(digits.slice(0, 9) + first)}`);
    };
    const nearValid = fc
      .tuple(validCpf, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 9 }))
      .map(([c, at, d]) => c.slice(0, at) + d + c.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(digitString(11), nearValid), (digits) => {
        expect(isValidCpfDigits(digits)).toBe(reference(digits));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses any CPF whose last check digit is changed", () => {
    fc.assert(
      fc.property(validCpf, fc.integer({ min: 1, max: 9 }), (cpf, delta) => {
        expect(isValidCpfDigits(cpf.slice(0, 10) + ((Number(cpf[10]) + delta) % 10))).toBe(false);
      }),
    );
  });
});

describe("Pix key by type", () => {
  it.each<[PixKeyType, string, string]>([
    ["cpf", "529.982.247-25", "52998224725"],
    ["cpf", "52998224725", "52998224725"],
    ["cnpj", "11.222.333/0001-81", "11222333000181"],
    ["email", " Contato@AADORA.org.br ", "contato@aadora.org.br"],
    ["telefone", "+55 (31) 99876-5432", "+5531998765432"],
    ["telefone", "31 99876-5432", "+5531998765432"],
    ["telefone", "5531998765432", "+5531998765432"],
    ["aleatoria", "123E4567-E89B-42D3-A456-426614174000", "123e4567-e89b-42d3-a456-426614174000"],
  ])("accepts a %s key %s and stores it as %s", (type, input, key) => {
    expect(parsePixKey(type, input)).toEqual({ ok: true, key });
  });

  it.each<[PixKeyType, string]>([
    ["cpf", "529.982.247-24"],
    ["cpf", "111.111.111-11"],
    ["cpf", "11.222.333/0001-81"], // a CNPJ under the CPF type
    ["cnpj", "11.222.333/0001-80"],
    ["cnpj", "529.982.247-25"],
    ["email", "contato@"],
    ["email", "sem arroba.org.br"],
    ["email", `${"a".repeat(70)}@ong.org.br`], // 81 characters: over the directory's 77
    ["telefone", "+1 415 555 0100"], // not Brazil
    ["telefone", "+55 20 99876-5432"], // DDD 20 does not exist
    ["telefone", "+55 31 3222-1100"], // a landline
    ["telefone", "99876-5432"], // no DDD
    ["aleatoria", "123e4567e89b42d3a456426614174000"],
    ["aleatoria", "contato@aadora.org.br"],
  ])("refuses a %s key %s with the type's pt-BR message", (type, input) => {
    expect(parsePixKey(type, input)).toEqual({ ok: false, error: PIX_MESSAGES[type] });
  });

  it("asks for the key when it is empty, whatever the type", () => {
    expect(parsePixKey("email", "  ")).toEqual({ ok: false, error: PIX_MESSAGES.required });
  });

  it("accepts every valid CPF and CNPJ, every mobile with a real DDD, and every UUID", () => {
    const ddd = fc.constantFrom(...BRAZILIAN_DDDS);
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(parsePixKey("cpf", formatPixKey("cpf", cpf))).toEqual({ ok: true, key: cpf });
      }),
    );
    fc.assert(
      fc.property(
        digitString(12).filter((b) => !/^(\d)\1{11}$/.test(b)),
        (base) => {
          const cnpj = base + cnpjCheckDigits(base);
          expect(parsePixKey("cnpj", formatPixKey("cnpj", cnpj))).toEqual({ ok: true, key: cnpj });
        },
      ),
    );
    fc.assert(
      fc.property(ddd, digitString(8), (area, rest) => {
        const key = `+55${area}9${rest}`;
        expect(parsePixKey("telefone", formatPixKey("telefone", key))).toEqual({ ok: true, key });
      }),
    );
    fc.assert(
      fc.property(fc.uuid(), (uuid) => {
        expect(parsePixKey("aleatoria", uuid)).toEqual({ ok: true, key: uuid.toLowerCase() });
      }),
    );
  });

  it("never accepts a key valid for one type under another of CPF/CNPJ/random", () => {
    fc.assert(
      fc.property(validCpf, fc.uuid(), (cpf, uuid) => {
        expect(parsePixKey("cnpj", cpf).ok).toBe(false);
        expect(parsePixKey("aleatoria", cpf).ok).toBe(false);
        expect(parsePixKey("cpf", uuid).ok).toBe(false);
        expect(parsePixKey("telefone", uuid).ok).toBe(false);
      }),
    );
  });
});
