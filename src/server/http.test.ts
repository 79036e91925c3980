import { describe, expect, it } from 'vitest';
import { clientKeyOf } from './http';

describe('clientKeyOf', () => {
  it('counts an IPv4 client by its address', () => {
    expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKeyOf('2001:DB8:1:2:abcd::9%eth0')).toBe(key);
    expect(clientKeyOf('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
  });
});
