import { CONSOLE_ROOT, withQuery } from './query';

/** The audit log, with the filters its address keeps. */
export const auditPath = `${CONSOLE_ROOT}/audit`;

export interface AuditQuery {
  staff?: string;
  target_type?: string;
  target_id?: string;
  /** Days on the shop's clock, `to` included. */
  from?: string;
  to?: string;
  page?: number;
}

export const auditUrl = (query: AuditQuery = {}) => withQuery(auditPath, { ...query });
