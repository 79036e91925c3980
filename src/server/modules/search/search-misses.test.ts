import { describe, expect, it } from 'vitest';
import { missLanguage } from './search-misses';

describe('a missed search term', () => {
  it('is filed under Chinese when written in Chinese, whichever language the shopper browsed in', () => {
    expect(missLanguage('柿子', 'en')).toBe('zh');
    expect(missLanguage('fuyu 柿子', 'en')).toBe('zh');
    expect(missLanguage('𠀀', 'en')).toBe('zh');
    expect(missLanguage('柿子', 'zh')).toBe('zh');
  });

  it('is filed under the shopper’s language when the letters cannot tell', () => {
    expect(missLanguage('persimmon', 'en')).toBe('en');
    expect(missLanguage('shizi', 'zh')).toBe('zh');
    expect(missLanguage('123', 'en')).toBe('en');
  });
});
