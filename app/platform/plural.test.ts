import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural";

const GIFTS = { one: "doação", other: "doações" };

describe("plural", () => {
  it("writes the word out for pt-BR: one for 1 (and 1,5), other from 2 on, other for 0", () => {
    expect(plural(1, GIFTS)).toBe("doação");
    expect(plural(2, GIFTS)).toBe("doações");
    expect(plural(1.5, { one: "milhão", other: "milhões" })).toBe("milhão");
    expect(plural(0, GIFTS)).toBe("doações");
    expect(plural(0, { ...GIFTS, zero: "nenhuma doação" })).toBe("nenhuma doação");
  });

  it("countOf puts the count in pt-BR digits before the word, or says the zero form whole", () => {
    expect(countOf(1, GIFTS)).toBe("1 doação");
    expect(countOf(1234, GIFTS)).toBe("1.234 doações");
    expect(countOf(0, GIFTS)).toBe("0 doações");
    expect(countOf(0, { one: "divergência", other: "divergências", zero: "nenhuma divergência" })).toBe("nenhuma divergência");
  });

  it("no '(s)' / '(ões)' / '(ns)' plural is left in the app's or the scripts' texts", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return files(full);
        return /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const slips = [...files(path.join(root, "app")), ...files(path.join(root, "scripts"))].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        // Code that calls a function on a variable named `s` (test(s), pdfText(s)) is not text.
        .map((line) => line.replace(/http\(s\)|\b(test|digits|clean|pdfText|has)\(s\)/g, ""))
        .filter((line) => /\p{L}\((ões|s|es|ns|is|ies)\)/u.test(line))
        .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
    );
    expect(slips).toEqual([]);
  });
});

describe("pt-BR slips", () => {
  it("'Por que escolhi essa ONG/Causa' (a question: 'por que', apart), never 'Porque escolhi'", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return files(full);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const all = files(root).map((file) => readFileSync(file, "utf8"));
    expect(all.filter((text) => text.includes("Porque escolhi"))).toEqual([]);
    expect(all.filter((text) => text.includes("Por que escolhi essa ONG/Causa")).length).toBeGreaterThanOrEqual(3);
  });
});
