import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, adminDownload, adminRequest, messageOf } from './api-client';
import { endSession, readCsrf, startSession, takeNotice } from './session';

const t = (key: string) => `[${key}]`;

/** A browser's storage, enough for the language code. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'window',
    Object.assign(new EventTarget(), {
      localStorage: new MemoryStorage(),
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  startSession('reset');
  endSession();
});

describe('the console API client', () => {
  it('sends the session’s CSRF token with a write, the chosen language and secrets in a JSON body; yields data', async () => {
    startSession('csrf-1');
    window.localStorage.setItem('admin:lang', 'zh');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { code: 200, message: 'ok', data: { id: 1 } }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(
      adminRequest('/api/admin/totp/confirm', { method: 'POST', body: { code: '123456' } }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/totp/confirm');
    const headers = new Headers(init?.headers);
    expect(headers.get('x-csrf-token')).toBe('csrf-1');
    // The session itself is the browser's HttpOnly cookie: nothing the page holds goes in authorization.
    expect(headers.get('authorization')).toBeNull();
    expect(init?.credentials).toBe('same-origin');
    expect(headers.get('accept-language')).toBe('zh');
    expect(init?.body).toBe('{"code":"123456"}');
  });

  it('sends a FormData body as it is, leaving its multipart type (and boundary) to the browser', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { code: 200, message: 'ok', data: { image: '/uploads/catalogue/a-96.webp' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(adminRequest('/api/admin/media/icon', { method: 'POST', form })).resolves.toEqual({
      image: '/uploads/catalogue/a-96.webp',
    });
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  it('sends no CSRF token with a read', async () => {
    startSession('csrf-1');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { code: 200, message: 'ok', data: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    await adminRequest('/api/admin/orders');
    expect(new Headers(fetch.mock.calls[0]?.[1].headers).get('x-csrf-token')).toBeNull();
  });

  it('ends the session on a 401 to a call made inside it (signed out in another tab) and leaves a notice', async () => {
    startSession('csrf-1');
    vi.stubGlobal('fetch', async () => answer(401, { code: 401, message: 'Sign in again' }));
    await expect(adminRequest('/api/admin/orders')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(readCsrf()).toBeNull();
    expect(takeNotice()).toBe('expired');
  });

  it('asks me for the current CSRF token and sends a write once more when its token was stale', async () => {
    startSession('old');
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      const sent = new Headers(init.headers).get('x-csrf-token');
      if (url === '/api/admin/me') return answer(200, { code: 200, message: 'ok', data: { csrf: 'new' } });
      return sent === 'new'
        ? answer(200, { code: 200, message: 'ok', data: { done: true } })
        : answer(403, { code: 403, message: 'stale', data: { csrf: true } });
    });
    vi.stubGlobal('fetch', fetch);
    await expect(adminRequest('/api/admin/stock/1', { method: 'POST', body: {} })).resolves.toEqual({
      done: true,
    });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/stock/1',
      '/api/admin/me',
      '/api/admin/stock/1',
    ]);
    expect(readCsrf()).toBe('new');
  });

  it('keeps the data of a refusal: sign-in asking for the code', async () => {
    vi.stubGlobal('fetch', async () =>
      answer(401, { code: 401, message: 'enter the code', data: { needsCode: true } }),
    );
    const error = await adminRequest('/api/admin/sign-in', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).data).toEqual({ needsCode: true });
    expect(takeNotice()).toBeNull();
  });

  it('words a failure for staff: no access, the server’s own refusal, busy, disconnected', () => {
    expect(messageOf(new ApiError('forbidden', 403, { code: 403, message: 'no' }), t)).toBe(
      '[error.forbidden]',
    );
    expect(messageOf(new ApiError('error', 409, { code: 409, message: 'The last owner stays' }), t)).toBe(
      'The last owner stays',
    );
    expect(messageOf(new ApiError('busy', 503, undefined), t)).toBe('[error.busy]');
    expect(messageOf(new ApiError('disconnected', 0, undefined), t)).toBe('[error.disconnected]');
    expect(messageOf(new Error('boom'), t)).toBe('[error.error]');
  });

  it('sends a CSV as text/csv and gives a download the body as it came, or the refusal', async () => {
    startSession('csrf-1');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { code: 200, message: 'ok', data: { rows: 1 } }),
    );
    vi.stubGlobal('fetch', fetch);
    await adminRequest('/api/admin/products/import', {
      method: 'POST',
      csv: 'id\n1\n',
      query: { dry_run: 1 },
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/products/import?dry_run=1');
    expect(new Headers(init?.headers).get('content-type')).toBe('text/csv');
    expect(init?.body).toBe('id\n1\n');

    vi.stubGlobal('fetch', async () => new Response('id,name\n1,Kale\n', { status: 200 }));
    await expect((await adminDownload('/api/admin/products.csv')).text()).resolves.toBe('id,name\n1,Kale\n');
    vi.stubGlobal('fetch', async () => answer(403, { code: 403, message: 'no' }));
    await expect(adminDownload('/api/admin/products.csv')).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
