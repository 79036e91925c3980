import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELDS, addressProblem, addressProblems, formatPhone, shownArea } from './address.rules';

const ADDRESS = {
  name: 'Ada',
  surname: 'Lee',
  phone: '415-555-0132',
  address: '1 Market St',
  area: 'Suite 2',
  city: 'San Francisco',
  province: 'CA',
  zip: '94105',
};

describe('ZIP code', () => {
  it.each(['94105', '94105-1234', ' 94105 '])('accepts %j', (zip) => {
    expect(addressProblem({ ...ADDRESS, zip })).toBeUndefined();
  });
  it.each(['9410', '941050', '94105-12', 'SW1A 1AA', '94105 1234'])('refuses %j', (zip) => {
    expect(addressProblem({ ...ADDRESS, zip })).toBe('zipInvalid');
  });
});

describe('addressProblems', () => {
  it('names every field with a problem, each with its own', () => {
    const blank = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ' '])) as typeof ADDRESS;
    expect(Object.keys(addressProblems(blank))).toEqual(ADDRESS_FIELDS.filter((f) => f !== 'area'));
    expect(addressProblems({ ...ADDRESS, name: '', phone: '12', zip: '9410' })).toEqual({
      name: 'required.name',
      phone: 'phoneInvalid',
      zip: 'zipInvalid',
    });
  });
  it('gives the server one message: missing fields in form order first, then the phone, then the ZIP', () => {
    expect(addressProblem({ ...ADDRESS, phone: '12', zip: '9410', city: '' })).toBe('required.city');
    expect(addressProblem({ ...ADDRESS, name: '', surname: '' }, ['surname', 'name'])).toBe(
      'required.surname',
    );
    expect(addressProblem({ ...ADDRESS, phone: '12', zip: '9410' })).toBe('phoneInvalid');
  });
});

describe('the second line and delivery instructions', () => {
  it('lets a house leave the second line empty', () => {
    expect(addressProblem({ ...ADDRESS, area: '' })).toBeUndefined();
    expect(addressProblem({ ...ADDRESS, area: '   ' })).toBeUndefined();
  });
  it('takes instructions up to 300 characters, counted as a shopper counts them', () => {
    expect(addressProblem({ ...ADDRESS, instructions: '门'.repeat(300) })).toBeUndefined();
    expect(addressProblem({ ...ADDRESS, instructions: '😀'.repeat(300) })).toBeUndefined();
    expect(addressProblem({ ...ADDRESS, instructions: 'x'.repeat(301) })).toBe('instructionsTooLong');
  });
  it('does not print a second line of only dashes', () => {
    expect(shownArea('-')).toBe('');
    expect(shownArea(' — ')).toBe('');
    expect(shownArea(' Apt 2 ')).toBe('Apt 2');
    expect(shownArea('2号楼')).toBe('2号楼');
  });
});

describe('formatPhone', () => {
  it('writes US ten-digit numbers as (415) 555-0123', () => {
    expect(formatPhone('415-555-0123')).toBe('(415) 555-0123');
    expect(formatPhone('4155550123')).toBe('(415) 555-0123');
    expect(formatPhone('+1 415.555.0123')).toBe('(415) 555-0123');
  });
  it('leaves other numbers as typed', () => {
    expect(formatPhone('+86 138 0013 8000')).toBe('+86 138 0013 8000');
    expect(formatPhone('555-0123')).toBe('555-0123');
  });
});
