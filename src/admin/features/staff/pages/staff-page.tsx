import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { staffQueryOptions } from '../api/staff';
import { InviteForm } from '../components/invite-form';
import { StaffRow } from '../components/staff-row';

/** Owners list, invite, change the role of and remove staff (`staff.manage`). */
export function StaffPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.staff'));
  const staff = useStaff();
  const allowed = can(staff.role, 'staff.manage');
  const list = useQuery({ ...staffQueryOptions(), enabled: allowed });
  const [actionError, setActionError] = useState<unknown>(null);

  if (!allowed) return <Forbidden />;
  return (
    <section className="admin-page">
      <h1>{t('nav.staff')}</h1>
      <InviteForm />
      <FormError error={actionError} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{t('staff.listCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fields.name')}</th>
                <th scope="col">{t('fields.email')}</th>
                <th scope="col">{t('fields.role')}</th>
                <th scope="col">{t('account.twoFactor')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((member) => (
                <StaffRow
                  key={member.id}
                  member={member}
                  isSelf={member.id === staff.id}
                  onError={setActionError}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
