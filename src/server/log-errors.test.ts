import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log-errors';

/** A PostgreSQL error as node-postgres and PGlite build it: the values ride in `detail`. */
function databaseError(message: string, fields: Record<string, string>): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('database errors in the log', () => {
  it('keep the statement, the code and the names, and drop parameters and quoted values', () => {
    const cause = databaseError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      detail: 'Key (email)=(mei.lin@example.com) already exists.',
      table: 'users',
      constraint: 'users_email_key',
    });
    const query = 'insert into "users" ("email", "name") values ($1, $2)';
    const err = new DrizzleQueryError(query, ['mei.lin@example.com', 'Mei Lin'], cause);
    const logged = serializeError(err) as Record<string, unknown>;
    expect(logged).toMatchObject({
      query,
      sqlState: '23505',
      table: 'users',
      constraint: 'users_email_key',
      message: `Failed query: ${query}: duplicate key value violates unique constraint "users_email_key"`,
    });
    expect(logged.stack).toMatch(/^Error: Failed query: insert into "users"[^\n]*\n {4}at /);
    expect(JSON.stringify(logged)).not.toMatch(/mei\.lin|Mei Lin/);
  });

  it('hide a value PostgreSQL quotes in its message, and an address spread over lines', () => {
    const cause = databaseError('invalid input syntax for type uuid: "88 Grant Avenue"', { code: '22P02' });
    const err = new DrizzleQueryError(
      'select * from "addresses" where "uuid" = $1',
      ['88 Grant\nAvenue'],
      cause,
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).not.toContain('Grant');
    expect(text).toContain('invalid input syntax for type uuid: \\"[REDACTED]\\"');
    expect(text).toContain('"sqlState":"22P02"');
  });

  it('leave other errors as pino shows them', () => {
    const err = Object.assign(new Error('gateway timed out'), { reference: '2601-1' });
    expect(serializeError(err)).toMatchObject({
      type: 'Error',
      message: 'gateway timed out',
      reference: '2601-1',
    });
    expect(serializeError('not an error')).toBe('not an error');
  });
});
