/** The address contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './address.rules';
export * from './address.zod';
