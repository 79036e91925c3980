import { CONSOLE_ROOT, withQuery } from './query';

/** The owner's books, with the range its address keeps (days on the shop's clock, both included). */
export const reportsPath = `${CONSOLE_ROOT}/reports`;

export const reportsUrl = (range: { from?: string; to?: string } = {}) =>
  withQuery(reportsPath, { ...range });
