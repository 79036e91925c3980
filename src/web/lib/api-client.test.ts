import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '#shared/constants';
import { ApiError, apiGet, apiRequest, CLIENT_ID } from './api-client';

/** A browser-like window with local storage, for the client's headers. */
function fakeWindow(items: Record<string, string>) {
  const store = new Map(Object.entries(items));
  vi.stubGlobal('window', {
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: () => {}, removeItem: () => {} },
    dispatchEvent: () => true,
  });
}

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
}

beforeEach(() => fakeWindow({}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('reads `data` from a 200 answer and sends the fixed headers and the language', async () => {
    fakeWindow({ lang: 'zh' });
    const fetch = answer(200, { code: 200, message: 'ok', data: [1, 2] });
    vi.stubGlobal('fetch', fetch);
    await expect(apiGet('/api/index_banners', { page: 1, skip: undefined })).resolves.toEqual([1, 2]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/index_banners?page=1');
    const headers = new Headers(init?.headers);
    expect(headers.get('Client')).toBe(CLIENT_ID);
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Accept-Language')).toBe('zh');
    expect(headers.get('authorization')).toBeNull();
  });

  it('sends the token exactly when a signed-in user is stored', async () => {
    fakeWindow({
      user: JSON.stringify({ name: 'Ann', email: 'a@b.co', avatar: '', uuid: 'u', token: 't0k' }),
    });
    const fetch = answer(200, { code: 200, message: 'ok', data: 3 });
    vi.stubGlobal('fetch', fetch);
    await apiGet('/api/goods/count');
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('t0k');
  });

  it('keeps the whole body of any other answer, as the state it means', async () => {
    const cases: [number, ApiError['kind']][] = [
      [404, 'notFound'],
      [503, 'busy'],
      [500, 'busy'],
      [401, 'unauthorized'],
      [409, 'error'],
    ];
    for (const [status, kind] of cases) {
      const body = { code: status, message: `m${status}` };
      vi.stubGlobal('fetch', answer(status, body));
      const error = await apiGet('/api/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind, status, body, message: `m${status}` });
    }
  });

  it('turns a network failure into "disconnected"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/x')).rejects.toMatchObject({ kind: 'disconnected', status: 0 });
  });

  it('aborts a call that has not answered after REQUEST_TIMEOUT_MS: disconnected', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    const pending = apiGet('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'disconnected' });
  });

  it('sends forms urlencoded in the body, not the URL', async () => {
    const fetch = answer(200, { code: 200, message: 'ok', data: null });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/api/login', { method: 'POST', form: { email: 'a@b.co', password: 'secret123' } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(String(init?.body)).toBe('email=a%40b.co&password=secret123');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });
});
