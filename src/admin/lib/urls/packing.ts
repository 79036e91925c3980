import { CONSOLE_ROOT, withQuery } from './query';

/** The packer's day: the slots of one day (`day`, YYYY-MM-DD; today without it). */
export const packingPath = `${CONSOLE_ROOT}/packing`;
export const packingUrl = (day?: string) => withQuery(packingPath, { day });
