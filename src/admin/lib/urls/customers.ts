import { CONSOLE_ROOT } from './query';

/** The customers section; `customerPath(':uuid')` is a customer's route. */
export const customerListPath = `${CONSOLE_ROOT}/customers`;
export const customerPath = (uuid: string) => `${customerListPath}/${uuid}`;
export const customerUrl = (uuid: string) => customerPath(encodeURIComponent(uuid));
