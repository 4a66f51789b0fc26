/**
 * CSV for spreadsheets used in Brazil: `;` separates fields (the comma is the decimal mark), a BOM
 * makes Excel read UTF-8, CRLF ends lines. A cell that a spreadsheet would read as a formula
 * (starting with = + - @, tab or carriage return) gets a leading apostrophe, so a donor's message
 * like "=HYPERLINK(...)" stays text (CSV/formula injection).
 */
const CSV_SEPARATOR = ";";
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  if (/[";\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvLine(cells: Array<string | number | null | undefined>): string {
  return cells.map(escapeCsvCell).join(CSV_SEPARATOR) + "\r\n";
}

export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return "\ufeff" + csvLine(header) + rows.map(csvLine).join("");
}

/** Centavos as a plain pt-BR decimal ("1234,56"): a number a spreadsheet can sum. */
export function centsForCsv(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}
