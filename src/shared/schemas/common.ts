/** The common contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './common.rules';
export * from './common.zod';
