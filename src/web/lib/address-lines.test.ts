import { describe, expect, it } from 'vitest';
import { addressLines, personName } from './address-lines';

const where = {
  phone: '212-555-0188',
  address: '1 Main St',
  area: 'Apt 2',
  city: 'NYC',
  province: 'NY',
  zip: '10001',
};

describe('personName', () => {
  it('writes the given name first in English', () => {
    expect(personName({ name: '小明', surname: '王' }, 'en')).toBe('小明 王');
    expect(personName({ name: 'Wei', surname: 'Chen' }, 'en')).toBe('Wei Chen');
  });
  it('writes the surname first in Chinese, with no space between Chinese characters', () => {
    expect(personName({ name: '小明', surname: '王' }, 'zh')).toBe('王小明');
    expect(personName({ name: 'Wei', surname: 'Chen' }, 'zh')).toBe('Chen Wei');
  });
  it('is the name on an address line', () => {
    expect(addressLines({ name: '小明', surname: '王', ...where }, 'zh')[0]).toBe('王小明 · (212) 555-0188');
    expect(addressLines({ name: '小明', surname: '王', ...where }, 'en')[0]).toBe('小明 王 · (212) 555-0188');
  });
});
