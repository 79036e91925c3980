import { describe, expect, it } from 'vitest';
import type { Tx } from './db/client';
import { emit, on } from './events';
import type { OrderChanged } from './modules/order/order.events';

const tx = {} as Tx;
const change: OrderChanged = {
  orderId: 1,
  kind: 'paid',
  staffId: null,
  details: {},
  at: new Date(0),
  mail: true,
};

describe('domain events', () => {
  it('runs listeners in the order they were wired, each once even when wired again', async () => {
    const heard: string[] = [];
    const stops = [
      on('order.changed', 'test.a', () => {
        heard.push('a');
      }),
      on('order.changed', 'test.b', async (event) => {
        heard.push(`b${event.orderId}`);
      }),
      on('order.changed', 'test.a', () => {
        heard.push('a again');
      }),
    ];
    await emit('order.changed', change, tx);
    for (const stop of stops) stop();
    await emit('order.changed', change, tx);
    expect(heard).toEqual(['a again', 'b1']);
  });

  it('fails the emit when a listener throws, and runs none after it', async () => {
    const heard: string[] = [];
    const stops = [
      on('order.packing', 'test.refuse', () => {
        throw new Error('refused');
      }),
      on('order.packing', 'test.after', () => {
        heard.push('after');
      }),
    ];
    await expect(emit('order.packing', { orderId: 1, at: new Date(0) }, tx)).rejects.toThrow('refused');
    for (const stop of stops) stop();
    expect(heard).toEqual([]);
  });
});
