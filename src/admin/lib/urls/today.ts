import { CONSOLE_ROOT } from './query';

/** Today, every role's home after sign-in: the console's root. */
export const todayPath = CONSOLE_ROOT;
