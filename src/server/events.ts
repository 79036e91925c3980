import type { Tx } from './db/client';

/*
 * Domain events: how a module says what happened without knowing who cares (the order state
 * machine does not import packing or mail; they listen). Listeners run one after another in the
 * order they were registered, inside the transaction of the change (`tx`), and the change waits
 * for them: a row a listener writes (a mail in the outbox) commits or rolls back with it, and a
 * listener that throws refuses the change. Listeners are wired once, where the process starts
 * (app.ts), never by the modules themselves.
 */

/**
 * Every event's name and payload. Empty here: each module declares its own events by merging into
 * it (`declare module '#server/events' { interface DomainEvents { … } }`), so this file needs no
 * module and no module needs another's to know what it may emit.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging, one module at a time
export interface DomainEvents {}

export type EventName = keyof DomainEvents;

export type Listener<N extends EventName> = (payload: DomainEvents[N], tx: Tx) => Promise<void> | void;

/** Each event's listeners by id, in registration order (a Map keeps it). */
const listeners = new Map<EventName, Map<string, (payload: never, tx: Tx) => Promise<void> | void>>();

/**
 * Listens to `name` as `id`. The same id again replaces the listener in its place, so wiring twice
 * in one process (several apps in one test file) never runs a listener twice. Answers a function
 * that stops listening.
 */
export function on<N extends EventName>(name: N, id: string, listener: Listener<N>): () => void {
  const ofName = listeners.get(name) ?? new Map();
  ofName.set(id, listener);
  listeners.set(name, ofName);
  return () => {
    if (ofName.get(id) === listener) ofName.delete(id);
  };
}

/** Tells every listener of `name`, in `tx`, and waits for each; the first that throws fails the emit. */
export async function emit<N extends EventName>(name: N, payload: DomainEvents[N], tx: Tx): Promise<void> {
  for (const listener of listeners.get(name)?.values() ?? []) {
    await listener(payload as never, tx);
  }
}
