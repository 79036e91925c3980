/** `%text%` for ILIKE, with the wildcards of `text` (`%`, `_`, `\`) taken literally: the console's searches. */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
