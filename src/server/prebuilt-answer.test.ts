import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, PrebuiltAnswer } from './prebuilt-answer';

const page = {
  code: 200,
  message: 'ok',
  data: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Bok choy ${i}` })),
};

describe('prebuilt answers', () => {
  it('serve a catalogue page as brotli when the client takes it, and the same JSON either way', () => {
    const answer = PrebuiltAnswer.of(page, 'lasting');
    const br = answer.encoded('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(page);
    const gz = answer.encoded('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(page);
    expect(answer.encoded(undefined)).toEqual({ bytes: answer.body });
  });

  it('serve a search result as gzip, cheaper to make for an answer asked for once', () => {
    const answer = PrebuiltAnswer.of(page, 'fleeting');
    const gz = answer.encoded('gzip, deflate, br');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(page);
    expect(answer.encoded('br').encoding).toBe('br');
  });

  it('leave small answers uncompressed and give equal bytes equal ETags', () => {
    const small = PrebuiltAnswer.of({ code: 200, message: 'ok', data: [] });
    expect(small.encoded('br')).toEqual({ bytes: small.body });
    expect(PrebuiltAnswer.of(page).etag).toBe(PrebuiltAnswer.of(page).etag);
    expect(PrebuiltAnswer.of(page).etag).not.toBe(small.etag);
  });

  it('keep at most the given number of answers, dropping the oldest', () => {
    const cache = new AnswerCache(2);
    let builds = 0;
    const build = () => ({ n: ++builds });
    cache.get('a', build);
    cache.get('b', build);
    cache.get('a', build);
    expect(builds).toBe(2);
    cache.get('c', build);
    expect(cache.size).toBe(2);
    cache.get('a', build);
    expect(builds).toBe(4);
  });
});
