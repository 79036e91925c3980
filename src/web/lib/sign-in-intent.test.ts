import { describe, expect, it } from 'vitest';
import { intentOf, returnPath } from './sign-in-intent';

const UUID = '0b5f2c1e-9a3d-4c1b-8e2f-1234567890ab';

describe('returnPath', () => {
  it.each(['/product/abc', '/category/3/7?sort=new', '/search?en_search=apple#results', '/'])(
    'keeps the shop path %j',
    (path) => expect(returnPath(path)).toBe(path),
  );
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'product/abc',
    '/\t/evil.example',
    '/account',
    '/account/signup',
    '',
    42,
    undefined,
  ])('refuses %j', (path) => expect(returnPath(path)).toBeUndefined());
});

describe('intentOf', () => {
  it('reads a sound intent from the route state', () => {
    expect(intentOf({ intent: { path: '/product/x', add: { uuid: UUID, amount: 3 } } })).toEqual({
      path: '/product/x',
      add: { uuid: UUID, amount: 3 },
    });
    expect(intentOf({ intent: { path: '/profile/address' } })).toEqual({ path: '/profile/address' });
  });
  it('drops an add it cannot trust but keeps the way back', () => {
    for (const add of [
      { uuid: 'x', amount: 1 },
      { uuid: UUID, amount: 0 },
      { uuid: UUID, amount: 101 },
    ])
      expect(intentOf({ intent: { path: '/product/x', add } })).toEqual({ path: '/product/x' });
  });
  it('has no intent without a safe path', () => {
    expect(intentOf(null)).toBeUndefined();
    expect(intentOf({ email: 'a@b.co' })).toBeUndefined();
    expect(intentOf({ intent: { path: '//evil.example', add: { uuid: UUID, amount: 1 } } })).toBeUndefined();
  });
});
