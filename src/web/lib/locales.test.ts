import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/constants';
import { NAMESPACES } from './i18n';

const LOCALES = join(import.meta.dirname, '../../../public/locales');
/** i18next plural forms: English has `_one` and `_other`, Chinese only `_other`; they count as one key. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

function load(language: string, namespace: string): Set<string> {
  const tree: unknown = JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'));
  return new Set(keysOf(tree).map((key) => key.replace(PLURAL, '')));
}

const namespacesOf = (language: string) =>
  readdirSync(join(LOCALES, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();

describe('locale files', () => {
  it('has the same namespaces in every language, including every one the web loads', () => {
    const [first, ...rest] = LANGUAGES.map(namespacesOf);
    for (const other of rest) expect(other).toEqual(first);
    for (const ns of NAMESPACES) expect(first).toContain(ns);
  });

  for (const namespace of namespacesOf('en')) {
    it(`${namespace}: every key exists in both languages, no text is empty`, () => {
      const [en, ...others] = LANGUAGES.map((language) => load(language, namespace));
      for (const keys of others) {
        expect(
          [...keys].filter((k) => !en?.has(k)),
          'only in zh',
        ).toEqual([]);
        expect(
          [...(en ?? [])].filter((k) => !keys.has(k)),
          'only in en',
        ).toEqual([]);
      }
      for (const language of LANGUAGES) {
        const text = readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8');
        expect(text, `${language}/${namespace}.json has an empty text`).not.toMatch(/:\s*""/);
      }
    });
  }
});
