/** The contract of following orders in one import: its rules (no zod, for the browser) and its zod shapes. */
export * from './notification.rules';
export * from './notification.zod';
