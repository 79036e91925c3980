import { CONSOLE_ROOT } from './query';

/**
 * The sections of one page each, without addresses under them: the shop's set-up and its
 * catalogue's shape.
 */
export const slotsPath = `${CONSOLE_ROOT}/delivery-slots`;
export const categoriesPath = `${CONSOLE_ROOT}/categories`;
export const homePath = `${CONSOLE_ROOT}/home`;
export const searchesPath = `${CONSOLE_ROOT}/searches`;
export const importPath = `${CONSOLE_ROOT}/import`;
export const deliveryPath = `${CONSOLE_ROOT}/delivery`;
export const taxPath = `${CONSOLE_ROOT}/tax`;
export const settingsPath = `${CONSOLE_ROOT}/settings`;
export const staffPath = `${CONSOLE_ROOT}/staff`;
