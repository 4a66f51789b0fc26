import { describe, expect, it } from "vitest";
import { centsForCsv, escapeCsvCell, toCsv } from "./csv";

describe("escapeCsvCell", () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ["=1+1", "'=1+1"],
    ["+5511999", "'+5511999"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
  ])("neutralises a formula: %j", (input, expected) => {
    expect(escapeCsvCell(input)).toBe(expected);
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(escapeCsvCell("a;b")).toBe('"a;b"');
    expect(escapeCsvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(escapeCsvCell("linha 1\nlinha 2")).toBe('"linha 1\nlinha 2"');
  });

  it("leaves plain text, numbers and empty values alone", () => {
    expect(escapeCsvCell("Parabéns!")).toBe("Parabéns!");
    expect(escapeCsvCell(12)).toBe("12");
    expect(escapeCsvCell(null)).toBe("");
  });
});

describe("toCsv", () => {
  it("starts with a BOM and ends lines with CRLF", () => {
    expect(toCsv(["a", "b"], [["1", "=2"]])).toBe("\ufeffa;b\r\n1;'=2\r\n");
  });
});

describe("centsForCsv", () => {
  it("formats centavos with a decimal comma", () => {
    expect(centsForCsv(123456)).toBe("1234,56");
    expect(centsForCsv(5)).toBe("0,05");
    expect(centsForCsv(0)).toBe("0,00");
  });
});
