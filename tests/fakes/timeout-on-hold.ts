import type { LocalDouble } from './local-double';

/** The header each call carries, so a double can say which call it holds (see LocalDouble.hold). */
export const CALL_HEADER = 'x-test-call';

/**
 * The shop's fetch to the gateways in API tests. A call that a double holds without answering (its
 * `timeout` fault) ends at once with the TimeoutError the shop's own timer would raise, instead of
 * after DEFAULT_GATEWAY_TIMEOUT_MS of real time; so the shop's handling of a gateway timeout is
 * tested without waiting, and without a short timer that a busy machine could trip on real calls.
 * The timer itself is tested in the adapters' own tests.
 */
export class TimeoutOnHold {
  private next = 0;
  private readonly calls = new Map<string, AbortController>();

  /** Lets `double` end the calls it holds. */
  watch(double: LocalDouble<string>): this {
    double.onHold = (callId) =>
      this.calls.get(callId)?.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    return this;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const callId = String(++this.next);
    const controller = new AbortController();
    this.calls.set(callId, controller);
    const headers = new Headers(init?.headers);
    headers.set(CALL_HEADER, callId);
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    try {
      return await fetch(input, { ...init, headers, signal });
    } finally {
      this.calls.delete(callId);
    }
  };
}
