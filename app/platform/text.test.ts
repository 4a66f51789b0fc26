import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldName, graphemes, hasEmoji, initialsOf, truncateText } from "./text";

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("text by grapheme", () => {
  it("takes initials from letters, never half an emoji", () => {
    expect(initialsOf("Pedro Álvares 😀")).toBe("PÁ");
    expect(initialsOf("😀 Pedro")).toBe("P");
    expect(initialsOf("A\u0301gata Souza")).toBe("A\u0301S");
    expect(initialsOf("mariana")).toBe("M");
    expect(initialsOf("🎉🎉")).toBe("?");
    expect(initialsOf("   ")).toBe("?");
  });

  it("takes the first letter grapheme of the first and last words, whatever follows it", () => {
    const bySegments = (name: string) =>
      name
        .trim()
        .split(/\s+/)
        .filter((word) => /\p{L}/u.test(word))
        .filter((_, i, words) => words.length === 1 || i === 0 || i === words.length - 1)
        .map((word) =>
          graphemes(word)
            .find((part) => /\p{L}/u.test(part))!
            .toLocaleUpperCase("pt-BR"),
        )
        .join("") || "?";
    const letters = fc.constantFrom("a", "Z", "é", "Ç", "×", "ÿ", "ő", "ɏ", "\u0301", "\u200D", "\uFE0F", "😀", " ", "ß", "ǆ");
    fc.assert(
      fc.property(fc.array(letters, { maxLength: 12 }), (parts) => {
        expect(initialsOf(parts.join(""))).toBe(bySegments(parts.join("")));
      }),
    );
    expect(initialsOf("×avier ǆoão")).toBe("AǄ");
  });

  it("never leaves a lone surrogate in initials or truncated text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.integer({ min: 0, max: 60 }), (text, max) => {
        expect(initialsOf(text)).not.toMatch(loneSurrogate);
        const cut = truncateText(text, max);
        expect(cut.length).toBeLessThanOrEqual(Math.max(max, 0));
        expect(text.startsWith(cut)).toBe(true);
        expect(cut).not.toMatch(loneSurrogate);
      }),
    );
  });

  it("counts graphemes and spots emoji", () => {
    expect(graphemes("Festa 🎉")).toHaveLength(7);
    expect(truncateText("Festa 🎉", 7)).toBe("Festa ");
    expect(hasEmoji("Festa da Joana 🎉")).toBe(true);
    expect(hasEmoji("Festa da Joana")).toBe(false);
  });
});

describe("names compared as people compare them", () => {
  it("ignores case, accents (composed or not) and extra spaces", () => {
    expect(foldName("  Doenças   RARAS ")).toBe("doencas raras");
    expect(foldName("Instituto Árvore")).toBe(foldName("instituto arvore"));
    expect(foldName("A\u0301gata")).toBe(foldName("Ágata"));
    expect(foldName("São João")).toBe("sao joao");
    expect(foldName("Prato Cheio")).not.toBe(foldName("Prato Cheio 2"));
  });
});
