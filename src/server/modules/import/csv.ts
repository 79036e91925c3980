/**
 * RFC 4180 CSV, read and written here rather than through a library (docs/decisions/015): quoted
 * fields with commas, doubled quotes and line breaks; CRLF or LF line ends; the byte-order mark
 * Excel puts before UTF-8; the files' bytes in the encodings spreadsheets save (csv-encoding.ts);
 * text cells guarded against spreadsheet formulas. Pure functions.
 */

/** A record of the file with the line it starts on (1 = the header), for error messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`unclosed quote starting on line ${line}`);
  }
}

/** A record with more fields than the reader takes: the rest of the file is not read. */
export class CsvTooWideError extends Error {
  constructor(readonly line: number) {
    super(`more fields than allowed on line ${line}`);
  }
}

/** The byte-order mark a CSV file starts with, so Excel reads its Chinese as UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * Splits `text` into records. Blank lines are skipped; a record with fewer fields than another is
 * left as it is (the caller says what is missing). Stops with `tooMany` once more than `maxRecords`
 * records were read, and throws CsvTooWideError at a record of more than `maxFields` fields, so a
 * huge file costs no more than the limits.
 */
export function parseCsv(
  text: string,
  maxRecords = Number.POSITIVE_INFINITY,
  maxFields = Number.POSITIVE_INFINITY,
): { records: CsvRecord[]; tooMany: boolean } {
  const src = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const n = src.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (src.charCodeAt(i) === 0x22) {
        i++;
        for (;;) {
          const quote = src.indexOf('"', i);
          if (quote < 0) throw new CsvSyntaxError(start);
          const chunk = src.slice(i, quote);
          field += chunk;
          line += countLineBreaks(chunk);
          if (src.charCodeAt(quote + 1) === 0x22) {
            field += '"';
            i = quote + 2;
          } else {
            i = quote + 1;
            break;
          }
        }
        // Anything between the closing quote and the separator is kept, as spreadsheets do.
        const end = nextSeparator(src, i);
        field += src.slice(i, end);
        i = end;
      } else {
        const end = nextSeparator(src, i);
        field = src.slice(i, end);
        i = end;
      }
      fields.push(field);
      if (fields.length > maxFields) throw new CsvTooWideError(start);
      if (i >= n) break;
      const c = src.charCodeAt(i);
      if (c === 0x2c) {
        i++;
        continue;
      }
      // A line end: CRLF, LF or a lone CR.
      i += c === 0x0d && src.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      line++;
      break;
    }
    if (fields.length === 1 && fields[0] === '') continue;
    if (records.length === maxRecords) return { records, tooMany: true };
    records.push({ line: start, fields });
  }
  return { records, tooMany: false };
}

function nextSeparator(src: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x2c || c === 0x0a || c === 0x0d) return i;
  }
  return src.length;
}

function countLineBreaks(s: string): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && s.charCodeAt(i + 1) !== 0x0a)) count++;
  }
  return count;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * Text a spreadsheet would run as a formula (OWASP's CSV injection rule: = + - @, tab, carriage
 * return), also behind apostrophes, so that a guard the reader strips is never mistaken for text.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
/** A cell the writer guarded: one apostrophe more in front of such text. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet must show it: text that would start a formula gets an apostrophe
 * in front, which spreadsheets take as "this is text" and do not show.
 */
export function spreadsheetText(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** The text a cell written by `spreadsheetText` holds: exactly the one apostrophe it added goes. */
export function textOfCell(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}

/**
 * One field as written: quoted when it holds a quote, comma, line break or edge space. A string is
 * text, guarded by `spreadsheetText` (and then quoted); a number is written as it is.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = spreadsheetText(value);
  return text !== value || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: CRLF line ends and a byte-order mark, so Excel reads the Chinese as UTF-8. */
export function writeCsv(rows: readonly (readonly (string | number)[])[]): string {
  return CSV_BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
