/** The cart contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './cart.rules';
export * from './cart.zod';
