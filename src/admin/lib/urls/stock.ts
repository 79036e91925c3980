import { CONSOLE_ROOT } from './query';

/** The stock grid, and one product's stock with its movements; `stockPath(':id')` is its route. */
export const stockListPath = `${CONSOLE_ROOT}/stock`;
export const stockPath = (id: number | string) => `${stockListPath}/${id}`;
