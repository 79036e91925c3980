import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';

describe('log redaction', () => {
  it('hides secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/login?email=a%40b.co&password=hunter22')).toBe(
      '/api/login?email=a%40b.co&password=[REDACTED]',
    );
    expect(redactUrl('/api/authorize/pay?card=4111111111111111&code=123&order=9')).toBe(
      '/api/authorize/pay?card=[REDACTED]&code=[REDACTED]&order=9',
    );
    expect(redactUrl('/api/index_product?en_search=code')).toBe('/api/index_product?en_search=code');
  });

  it('hides secrets in logged objects', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { serializers: _, ...options } = loggerOptions('info');
    const log = pino(options, sink);
    log.info({ body: { email: 'a@b.co', password: 'hunter22', card_no: '4111111111111111' } }, 'x');
    log.info({ req: { headers: { authorization: 'Bearer abc' } } }, 'y');
    const text = lines.join('');
    expect(text).toContain('a@b.co');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('Bearer abc');
  });
});
