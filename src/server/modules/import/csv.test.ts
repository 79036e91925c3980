import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, writeCsv } from './csv';

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
