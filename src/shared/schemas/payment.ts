/** The payment contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './payment.rules';
export * from './payment.zod';
