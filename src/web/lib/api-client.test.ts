import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '#shared/constants';
import { ApiError, apiGet, apiRequest, CLIENT_ID, messageOf } from './api-client';

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
      [403, 'forbidden'],
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

describe('messageOf', () => {
  /** A stand-in for i18next's t that shows which key was asked for. */
  const t = (key: string) => `<${key}>`;
  const failure = async (fetch: unknown) => {
    vi.stubGlobal('fetch', fetch);
    return apiRequest('/api/cart', { method: 'POST', form: { uuid: 'u', amount: 1 } }).catch(
      (e: unknown) => e,
    );
  };

  it("shows a refused call's own message (already in the shopper's language) as it is", async () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      const error = await failure(answer(status, { code: status, message: 'Only 3 left' }));
      expect(messageOf(error, t)).toBe('Only 3 left');
    }
  });

  it('words no answer as Disconnected: a network failure and the timeout abort', async () => {
    const offline = await failure(vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(messageOf(offline, t)).toBe('<common:error.disconnectedShort>');
    vi.useFakeTimers();
    const hanging = failure(
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(messageOf(await hanging, t)).toBe('<common:error.disconnectedShort>');
  });

  it('words a 5xx as Busy, never its technical text', async () => {
    for (const body of [
      { code: 500, message: 'Internal Server Error' },
      { statusCode: 502, error: 'Bad Gateway', message: 'upstream' },
      undefined,
    ]) {
      const error = await failure(answer(500, body));
      expect(messageOf(error, t)).toBe('<common:error.busyShort>');
    }
  });

  it('words anything else as Error: a non-envelope answer, an empty message, a 200 without data, a non-API error', async () => {
    const html = vi.fn(async () => new Response('<html>Bad Request</html>', { status: 400 }));
    const cases = [
      await failure(html),
      await failure(
        answer(400, { statusCode: 400, error: 'Bad Request', message: 'body/uuid must be string' }),
      ),
      await failure(answer(409, { code: 409, message: '' })),
      await failure(answer(200, { code: 200, message: 'ok' })),
      new TypeError('x is undefined'),
      undefined,
    ];
    for (const error of cases) expect(messageOf(error, t)).toBe('<common:error.errorShort>');
  });
});
