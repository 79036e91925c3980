/** The order contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './order.rules';
export * from './order.zod';
