/** The delivery contract in one import: its area rules (no zod, for the browser) and its zod shapes. */
export * from './delivery.rules';
export * from './delivery.zod';
