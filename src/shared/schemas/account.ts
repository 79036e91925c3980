/** The account contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './account.rules';
export * from './account.zod';
