import { describe, expect, it } from 'vitest';
import { isSecretName, redactUrl } from './log-redaction';

describe('secret parameter names', () => {
  it('are recognised however they are spelled or encoded', () => {
    for (const name of [
      'password',
      'PASSWORD',
      'pass%77ord',
      'Pass%57ord',
      'pass%2577ord',
      'pass+word',
      'password[]',
      'password%5B%5D',
      'card%5Fno',
      'cardNumber',
      'c%6Fde',
      '%63ode',
      'billing[card]',
      'billing%5Bcard%5D',
      'T%4FKEN',
      'new_password',
      '%E0%A4%A',
      '%',
    ]) {
      expect({ name, secret: isSecretName(name) }).toEqual({ name, secret: true });
    }
    for (const name of ['email', 'en_search', 'page_size', 'category_id', 'most_sold', 'uuid', 'amount']) {
      expect({ name, secret: isSecretName(name) }).toEqual({ name, secret: false });
    }
  });
});

describe('URLs in the request log', () => {
  it('keep a read’s harmless parameters and hide the secret ones', () => {
    expect(redactUrl('/api/index_product?en_search=code&page=2')).toBe(
      '/api/index_product?en_search=code&page=2',
    );
    expect(redactUrl('/api/index_product?en_search=apple&T%4FKEN=abc&flag')).toBe(
      '/api/index_product?en_search=apple&T%4FKEN=[REDACTED]&flag',
    );
    expect(redactUrl('/api/login?email=a%40b.co&password=hunter22', 'GET')).toBe(
      '/api/login?email=a%40b.co&password=[REDACTED]',
    );
    expect(redactUrl('/api/authorize/pay?card=4111111111111111&code=123&order=9')).toBe(
      '/api/authorize/pay?card=[REDACTED]&code=[REDACTED]&order=9',
    );
  });

  it('hide every query value of a write, whatever its name', () => {
    expect(redactUrl('/api/login?email=a%40b.co&pin=1234&hunter22', 'POST')).toBe(
      '/api/login?email=[REDACTED]&pin=[REDACTED]&[REDACTED]',
    );
    expect(redactUrl('/api/cart', 'post')).toBe('/api/cart');
  });

  it('hide the token of a sandbox pay link', () => {
    expect(redactUrl('/sandbox/pay/eyJyIjoiMSJ9.abc', 'POST')).toBe('/sandbox/pay/[REDACTED]');
    expect(redactUrl('/sandbox/pay/')).toBe('/sandbox/pay/');
  });
});
