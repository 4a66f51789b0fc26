/**
 * Text as people see it: by grapheme (what a reader calls a character), never by UTF-16 code unit.
 * Cutting "😀" or "Á" (A + combining accent) in the middle produces a lone surrogate or a stray
 * accent, which the browser and the server encode differently — a hydration error on every page.
 */
// Built on first use, not when the module is evaluated: the first Intl.Segmenter loads ICU's
// break-iterator data (~50 ms on a busy laptop, 4× that on a slow phone), and this module is in the
// client's shared chunk, evaluated before hydration on every page (Lighthouse's blocking time).
let segmenter: Intl.Segmenter | undefined;

export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter("pt-BR", { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** At most `maxLength` UTF-16 units (what a column or a header allows), never splitting a grapheme. */
export function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let out = "";
  for (const part of graphemes(text)) {
    if (out.length + part.length > maxLength) break;
    out += part;
  }
  return out;
}

export function hasEmoji(text: string): boolean {
  return /\p{Extended_Pictographic}/u.test(text);
}

/** "Pedro Álvares 😀" → "PÁ": first letters of the first and last words that have a letter. */
export function initialsOf(fullName: string): string {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word));
  const picked = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  // The first grapheme with a letter: segmenting stops there (a signed-in header draws these on every page).
  const initial = (word: string) => {
    segmenter ??= new Intl.Segmenter("pt-BR", { granularity: "grapheme" });
    for (const { segment } of segmenter.segment(word)) if (/\p{L}/u.test(segment)) return segment.toLocaleUpperCase("pt-BR");
  };
  return picked.map(initial).join("") || "?";
}

/**
 * A name as people compare them: "  Instituto  Árvore " and "instituto arvore" are the same name.
 * Case, accents (any combining mark) and extra spaces are dropped.
 */
export function foldName(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR").trim().replace(/\s+/g, " ");
}
