import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { declaredRequests, requireDeclaredRequests, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { startTestApp } from '../../helpers/test-app';
import { declaredFields, isApiPath, registeredRoutes } from './route-table';

/**
 * Every call declares its request schemas (path parameters, then the query and body it
 * reads) with `route()`, and the app refuses to start with one that does not.
 */
const t = await startTestApp();
afterAll(async () => t.close());

describe('declared request schemas', () => {
  it('every API route the server registered declares its parameters and its input', () => {
    const declared = declaredRequests(t.app);
    const routes = registeredRoutes(t.app).filter((r) => isApiPath(r.url));
    expect(routes.length).toBeGreaterThan(30);
    for (const r of routes) {
      const request = declared.get(`${r.method} ${r.url}`);
      expect(request, `${r.method} ${r.url}`).toBeDefined();
      expect(request?.input, `${r.method} ${r.url}`).toBeInstanceOf(z.ZodType);
      const named = (r.url.match(/:\w+/g) ?? []).sort();
      const params = declaredFields(request?.params).map((p) => `:${p}`);
      expect(params.sort(), `${r.method} ${r.url}`).toEqual(named);
    }
  });

  it('a route registered without them stops the app from starting', async () => {
    const app = Fastify();
    requireDeclaredRequests(app);
    route(app, { method: 'GET', url: '/api/declared', input: NoInput }, () => 'ok');
    expect(() => app.get('/api/undeclared', async () => 'ok')).toThrow(
      /GET \/api\/undeclared declares no request schema/,
    );
    // In a plugin, as every module registers its routes, the start fails.
    const plugin = app.register(async (child) => {
      child.post('/api/undeclared', async () => 'ok');
    });
    await expect(plugin).rejects.toThrow(/POST \/api\/undeclared declares no request schema/);
  });

  it('params must name exactly the path’s parameters', () => {
    const app = Fastify();
    expect(() => route(app, { method: 'GET', url: '/api/thing/:id', input: NoInput }, () => 'ok')).toThrow(
      /params must declare exactly id/,
    );
  });
});
