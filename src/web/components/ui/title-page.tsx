import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/document-title';
import { PageHeader } from './page-header';

/** A screen that, for now, shows its title (and whatever the caller adds under it). */
interface TitlePageProps {
  title: string;
  backTo?: string;
  /** One of the four tab screens (no back button on phones). */
  tab?: boolean;
  children?: ReactNode;
}

export function TitlePage({ title, backTo, tab, children }: TitlePageProps) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} backTo={backTo} tab={tab} />
      {children}
    </>
  );
}
