/*
 * CSV as German Excel opens it by double-click: UTF-8 with a byte order mark (else umlauts break),
 * `;` between cells (the German list separator), CRLF between rows, and decimal commas.
 */

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const NEWLINE = '\r\n';
/**
 * A cell starting with one of these is taken by spreadsheets for a formula (CSV injection: a
 * stand description "=HYPERLINK(...)" would run in the organiser's Excel). Such text gets a leading
 * apostrophe, which spreadsheets read as "this is text" (OWASP's advice; tab and CR included).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Quoted: our separator, a quote, a line break, and the separators other spreadsheets split on (a comma,
 * a tab) — opened there, „Platten,=2*21“ unquoted would start a cell with the formula.
 */
const NEEDS_QUOTES = /[";,\t\r\n]/;

/** A text cell: guarded against formulas and quoted when any spreadsheet would split it. */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A number with a decimal comma, as German Excel reads numbers (never a formula: it is ours, not typed by anyone). */
export function numberCell(value: number | null, fractionDigits: number): string {
  return value === null || !Number.isFinite(value) ? '' : value.toFixed(fractionDigits).replace('.', ',');
}

/** One line; cells are already made by textCell or numberCell. */
export function csvLine(cells: string[]): string {
  return cells.join(SEPARATOR) + NEWLINE;
}

/** The whole file: BOM, header line, rows. */
export function csvFile(header: string[], rows: string[][]): string {
  return CSV_BOM + csvLine(header.map(textCell)) + rows.map(csvLine).join('');
}
