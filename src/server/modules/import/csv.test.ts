import { describe, expect, it } from 'vitest';
import {
  CsvSyntaxError,
  CsvTooWideError,
  csvField,
  parseCsv,
  spreadsheetText,
  textOfCell,
  writeCsv,
} from './csv';
import { decodeCsvBytes } from './csv-encoding';

const fieldsOf = (text: string) => parseCsv(text).records.map((r) => r.fields);

describe('CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\nplain,,last\r\n';
    expect(fieldsOf(text)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['plain', '', 'last'],
    ]);
  });

  it('drops the BOM, takes LF or CR line ends and a last line without one, skips blank lines', () => {
    expect(fieldsOf('\uFEFFname,价格\n上海青,1.99\n\n菠菜,2')).toEqual([
      ['name', '价格'],
      ['上海青', '1.99'],
      ['菠菜', '2'],
    ]);
    expect(fieldsOf('a\rb')).toEqual([['a'], ['b']]);
  });

  it('numbers records by the line they start on, counting line breaks inside quotes', () => {
    const { records } = parseCsv('h\n"1\n2"\nnext\n');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('refuses an unclosed quote, naming its line', () => {
    expect(() => parseCsv('a\n"open,b\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\n"open,b\n');
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(2);
    }
  });

  it('stops at a record wider than the field limit', () => {
    expect(() => parseCsv(`a\nb${','.repeat(100)}`, 10, 5)).toThrow(CsvTooWideError);
  });

  it('stops after the record limit', () => {
    const { records, tooMany } = parseCsv('1\n2\n3\n', 2);
    expect(records).toHaveLength(2);
    expect(tooMany).toBe(true);
  });

  it('writes what it reads back unchanged', () => {
    const rows = [
      ['uuid', 'en_name', 'en_describe'],
      ['', 'Bok choy, baby', '<p>Crisp "green"</p>\nand fresh'],
      ['x', ' leading space', '青江菜'],
    ];
    const text = writeCsv(rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(fieldsOf(text)).toEqual(rows);
  });
});

describe('spreadsheet formulas', () => {
  it('writes text that would start a formula behind one apostrophe, and reads exactly that one back', () => {
    for (const text of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', "'=x", "''-1"]) {
      const written = csvField(text);
      expect(written).toBe(`"'${text.replaceAll('"', '""')}"`);
      expect(textOfCell(spreadsheetText(text))).toBe(text);
    }
    for (const text of ["'plain", "''", 'a=b', '1.50', '']) {
      expect(spreadsheetText(text)).toBe(text);
      expect(textOfCell(text)).toBe(text);
    }
    expect(csvField(-2)).toBe('-2');
  });
});

describe('CSV bytes', () => {
  it('reads UTF-8, UTF-16 with a BOM and GB18030, and refuses anything else', () => {
    // `iconv -f UTF-8 -t GBK` of 上海青.
    expect(decodeCsvBytes(Buffer.from('c9cfbaa3c7e0', 'hex'))).toBe('上海青');
    expect(decodeCsvBytes(Buffer.from('\uFEFF上海青'))).toBe('上海青');
    expect(decodeCsvBytes(Buffer.from('上海青'))).toBe('上海青');
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,青', 'utf16le')]))).toBe(
      'a,青',
    );
    // UTF-16 without its mark: NUL bytes, not text.
    expect(decodeCsvBytes(Buffer.from('a,b', 'utf16le'))).toBeUndefined();
    expect(decodeCsvBytes(Buffer.from([0x61, 0xff, 0xff]))).toBeUndefined();
  });
});
