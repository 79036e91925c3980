/** The payment contract: its rules are the card's (card.rules.ts); its request shapes are in payment.zod.ts. */
export * from './payment.zod';
