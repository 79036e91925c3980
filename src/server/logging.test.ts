import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory, loggerOptions } from './logging';

describe('log redaction', () => {
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

describe('request loggers', () => {
  function sinkLogger(level: string) {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const { serializers: _, ...options } = loggerOptions(level);
    return { log: pino(options, sink), lines };
  }

  it('logs through a child bound to the request id, with secrets redacted', () => {
    const { log, lines } = sinkLogger('info');
    const child = lazyChildLoggerFactory(log, { reqId: 'req-7' });
    child.info({ body: { password: 'hunter22', email: 'a@b.co' } }, 'signed in');
    child.child({ step: 2 }).warn('nested');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: 'req-7', msg: 'signed in', body: { email: 'a@b.co' } });
    expect(JSON.stringify(lines[0])).not.toContain('hunter22');
    expect(lines[1]).toMatchObject({ reqId: 'req-7', step: 2, msg: 'nested' });
  });

  it('writes nothing below the level, and follows a level set on the child', () => {
    const { log, lines } = sinkLogger('info');
    const child = lazyChildLoggerFactory(log, { reqId: 'req-8' });
    child.debug('quiet');
    expect(lines).toHaveLength(0);
    expect(child.level).toBe('info');
    child.level = 'debug';
    child.debug('now heard');
    expect(lines).toMatchObject([{ reqId: 'req-8', msg: 'now heard' }]);
  });
});
