/** The catalogue has no form rules: its request and answer shapes are all in catalogue.zod.ts. */
export * from './catalogue.zod';
