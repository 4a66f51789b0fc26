/**
 * Searching by a person's or a party's name the way Brazilians type it: "julia" finds "Júlia".
 * Both sides are compared lower-cased and without accents; `%` and `_` typed by a visitor are
 * literal characters, not wildcards.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn";

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function foldForSearch(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** `column` contains `text`, ignoring case and accents. */
export function nameContains(column: AnyColumn, text: string): SQL {
  const pattern = `%${escapeLike(foldForSearch(text))}%`;
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${pattern}`;
}
