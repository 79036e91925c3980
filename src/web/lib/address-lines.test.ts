import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines';

const where = {
  phone: '212-555-0188',
  address: '1 Main St',
  area: 'Apt 2',
  city: 'NYC',
  province: 'NY',
  zip: '10001',
};

describe('addressLines', () => {
  it('names the person by their script, whatever the language', () => {
    expect(addressLines({ name: '小明', surname: '王', ...where })[0]).toBe('王小明 · (212) 555-0188');
    expect(addressLines({ name: 'Amy', surname: 'Chen', ...where })[0]).toBe('Amy Chen · (212) 555-0188');
  });
  it('leaves out a second line that is empty or only a dash', () => {
    expect(addressLines({ name: 'Amy', surname: 'Chen', ...where })[1]).toBe(
      '1 Main St, Apt 2, NYC, NY 10001',
    );
    expect(addressLines({ name: 'Amy', surname: 'Chen', ...where, area: '' })[1]).toBe(
      '1 Main St, NYC, NY 10001',
    );
    expect(addressLines({ name: 'Amy', surname: 'Chen', ...where, area: '-' })[1]).toBe(
      '1 Main St, NYC, NY 10001',
    );
  });
});
