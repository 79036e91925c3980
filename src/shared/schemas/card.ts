/** The card contract in one import: its field rules (no zod, for the browser) and its zod shapes. */
export * from './card.rules';
export * from './card.zod';
