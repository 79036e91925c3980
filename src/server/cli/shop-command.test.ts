import { describe, expect, it } from 'vitest';
import { refusalFor } from './shop-command';

describe('the shop command line', () => {
  it('refuses a memory database and says why, rather than make staff that vanish', () => {
    const refusal = refusalFor({ kind: 'memory' });
    expect(refusal).toMatch(/does not run with DATABASE_URL=memory:/);
    expect(refusal).toMatch(/thrown away when it exits/);
    expect(refusal).toMatch(/DATA_DIR|postgres:/);
  });

  it('runs on PGlite files and on PostgreSQL', () => {
    expect(refusalFor({ kind: 'files', dir: '/tmp/shop' })).toBeNull();
    expect(refusalFor({ kind: 'postgres', url: 'postgres://127.0.0.1/shop' })).toBeNull();
  });
});
