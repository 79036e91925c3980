import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('writes a Chinese name family name first with no space', () => {
    expect(personName({ name: '小明', surname: '王' })).toBe('王小明');
    expect(personName({ name: '美玲', surname: '欧阳' })).toBe('欧阳美玲');
  });
  it('writes a Latin name given name first', () => {
    expect(personName({ name: 'Amy', surname: 'Chen' })).toBe('Amy Chen');
    expect(personName({ name: 'José', surname: 'Núñez' })).toBe('José Núñez');
  });
  it('writes a Korean name family name first with a space', () => {
    expect(personName({ name: '민준', surname: '김' })).toBe('김 민준');
  });
  it('writes a name mixing scripts given name first, as its Latin part asks', () => {
    expect(personName({ name: 'Amy', surname: '陈' })).toBe('Amy 陈');
    expect(personName({ name: '小明', surname: 'Wang' })).toBe('小明 Wang');
  });
  it('leaves out an empty or blank part', () => {
    expect(personName({ name: '', surname: '王' })).toBe('王');
    expect(personName({ name: ' Amy ', surname: '  ' })).toBe('Amy');
    expect(personName({ name: '', surname: '' })).toBe('');
  });
});
