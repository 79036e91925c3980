/** The bounds of the shop's grocery settings (docs/product.md, Settings), shared by the form and the server. */
export const HOLD_BUFFER_MAX = 50;
export const ANSWER_MINUTES_MAX = 1440;
