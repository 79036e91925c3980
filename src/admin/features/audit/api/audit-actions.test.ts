import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#shared/schemas/audit.rules';
import { STOCK_REASONS } from '#shared/schemas/stock.rules';

const ROOT = join(import.meta.dirname, '../../../../..');

/** The server's source files, tests left out. */
function sources(dir = join(ROOT, 'src/server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Actions the code builds from a template, and every action each can make. */
const TEMPLATES: Record<string, string[]> = {
  'order.${action}': ['order.pack', 'order.ship', 'order.complete', 'order.cancel'],
  "${kind}.${after ? 'publish' : 'unpublish'}": [
    'banner.publish',
    'banner.unpublish',
    'plate.publish',
    'plate.unpublish',
  ],
  'banner.move.${direction}': ['banner.move.up', 'banner.move.down'],
  'plate.move.${direction}': ['plate.move.up', 'plate.move.down'],
  'category.move.${direction}': ['category.move.up', 'category.move.down'],
  'stock.${change.reason}': STOCK_REASONS.map((reason) => `stock.${reason}`),
};

const ACTION = /'([a-z]+(?:\.[a-z]+)+)'/g;

/**
 * Every action written anywhere: the literal or template after `action:`, and the action a
 * helper takes as an argument (product pictures, two-factor changes).
 */
function writtenActions(): { actions: Set<string>; unknownTemplates: string[] } {
  const actions = new Set<string>();
  const unknownTemplates: string[] = [];
  for (const file of sources()) {
    const text = readFileSync(file, 'utf8');
    for (const [, rest = ''] of text.matchAll(/\baction:\s*([^\n]+)/g)) {
      const template = /^`([^`]*)`/.exec(rest)?.[1];
      if (template !== undefined) {
        if (template.startsWith('/')) continue; // a form's action, not an audit line
        const made = TEMPLATES[template];
        if (made) for (const action of made) actions.add(action);
        else unknownTemplates.push(template);
        continue;
      }
      for (const [, action = ''] of rest.matchAll(ACTION)) actions.add(action);
    }
    for (const [, action = ''] of text.matchAll(
      /\b(?:change|changeWithCode)\([^;]*?'([a-z]+(?:\.[a-z]+)+)'/g,
    )) {
      actions.add(action);
    }
  }
  return { actions, unknownTemplates };
}

function load(language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'public/locales', language, 'admin.json'), 'utf8'));
}

function at(tree: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);
}

describe('the audit log reads as sentences', () => {
  const { actions, unknownTemplates } = writtenActions();

  it('knows every action the code writes', () => {
    expect(unknownTemplates, 'add each new template to TEMPLATES').toEqual([]);
    // A sample of what the scan must find, so a broken scan cannot pass by finding nothing.
    for (const known of ['order.line.mark', 'order.refund', 'product.pictures.add', 'staff.totp.enable'])
      expect(actions).toContain(known);
    expect([...actions].filter((action) => !AUDIT_ACTIONS.includes(action))).toEqual([]);
  });

  it.each(['en', 'zh'])(
    'has a sentence for every action and a name for every kind of target in %s',
    (language) => {
      const texts = load(language);
      const missing = AUDIT_ACTIONS.filter(
        (action) => typeof at(texts, `audit.actions.${action}`) !== 'string',
      );
      expect(missing).toEqual([]);
      const targets = AUDIT_TARGET_TYPES.filter(
        (type) => typeof at(texts, `audit.targets.${type}`) !== 'string',
      );
      expect(targets).toEqual([]);
    },
  );
});
