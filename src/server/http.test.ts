import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Text } from '#shared/schemas/common';
import { Unauthorized } from './errors';
import { clientKeyOf, loneSurrogateField, route } from './http';
import { errorsPlugin } from './plugins/errors';

describe('clientKeyOf', () => {
  it('counts an IPv4 client by its address', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKeyOf('2001:DB8:1:2:abcd::9%eth0')).toBe(key);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('loneSurrogateField', () => {
  it('names the field holding half a UTF-16 pair, in a value or a name, at any depth', () => {
    expect(loneSurrogateField({ alias: 'apple', note: '𝟘 苹果' })).toBeUndefined();
    expect(loneSurrogateField({ alias: 'a\uD800' })).toBe('alias');
    expect(loneSurrogateField({ items: [{ id: '1' }, { id: '\uDC00' }] })).toBe('items.1.id');
    expect(loneSurrogateField({ items: { 'x\uDBFF': '1' } })).toBe('items');
    expect(loneSurrogateField({ '\uDFFF': '1' })).toBe('input');
    expect(loneSurrogateField('\uD800\uD800')).toBe('input');
  });

  it('walks a body nested deeper than the stack without failing', () => {
    let deep: unknown = '\uD800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(loneSurrogateField({ a: deep })).toBe(`a${'.0'.repeat(29)}.…`);
  });
});

describe('route', () => {
  const Input = z.object({ name: Text(10), kind: z.enum(['a', 'b']).optional() });
  const Params = z.object({ id: z.string().regex(/^\d+$/) });

  async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.decorateRequest('requireUser', async function (this: { headers: Record<string, unknown> }) {
      if (this.headers.authorization !== 'yes') throw new Unauthorized();
      return { id: 7 } as never;
    });
    register(app);
    await app.ready();
    return app;
  }

  it('hands the handler its parsed path parameters and input: a write reads the body over the query', async () => {
    const app = await appWith((app) =>
      route(
        app,
        { method: 'POST', url: '/api/things/:id', params: Params, input: Input },
        ({ input, params }) => ({
          input,
          params,
        }),
      ),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/things/12?name=query&kind=a&extra=1',
      payload: { name: 'body' },
    });
    expect(res.json()).toEqual({ input: { name: 'body', kind: 'a' }, params: { id: '12' } });
  });

  it('a read takes the query string only', async () => {
    const app = await appWith((app) =>
      route(app, { method: 'GET', url: '/api/things', input: Input }, ({ input }) => input),
    );
    const res = await app.inject({ method: 'GET', url: '/api/things?name=query' });
    expect(res.json()).toEqual({ name: 'query' });
  });

  it('answers the first bad field, the path before the input, in the caller’s language', async () => {
    const app = await appWith((app) =>
      route(app, { method: 'POST', url: '/api/things/:id', params: Params, input: Input }, () => 'ok'),
    );
    const badPath = await app.inject({ method: 'POST', url: '/api/things/x', payload: { name: ['a', 'b'] } });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().message).toContain('id');
    const badName = await app.inject({
      method: 'POST',
      url: '/api/things/1',
      headers: { 'accept-language': 'zh' },
      payload: { name: 'a\u0000b', kind: 'c' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toContain('name');
    expect(badName.json().message).not.toContain('field');
  });

  it('checks a shopper’s token before reading the input', async () => {
    const app = await appWith((app) =>
      route(app, { method: 'POST', url: '/api/mine', input: Input, auth: 'shopper' }, ({ user }) => user),
    );
    const visitor = await app.inject({ method: 'POST', url: '/api/mine', payload: { kind: 'bad' } });
    expect(visitor.statusCode).toBe(401);
    const shopper = await app.inject({
      method: 'POST',
      url: '/api/mine',
      headers: { authorization: 'yes' },
      payload: {},
    });
    expect(shopper.json()).toEqual({ id: 7 });
  });

  it('remembers a read’s parsed query by its text, and never a bad one', async () => {
    let parses = 0;
    const Counted = z.object({ name: Text(10) }).transform((v) => ({ ...v, parse: ++parses }));
    const app = await appWith((app) =>
      route(app, { method: 'GET', url: '/api/memo', input: Counted, memoBytes: 4096 }, ({ input }) => input),
    );
    expect((await app.inject('/api/memo?name=a')).json()).toEqual({ name: 'a', parse: 1 });
    expect((await app.inject('/api/memo?name=a')).json()).toEqual({ name: 'a', parse: 1 });
    expect((await app.inject('/api/memo?name=b')).json()).toEqual({ name: 'b', parse: 2 });
    expect((await app.inject('/api/memo?name=a&name=b')).statusCode).toBe(400);
  });
});
