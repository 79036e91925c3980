import type { ReactNode } from 'react';
import { useDocumentTitle } from '#web/lib/document-title';
import { PageHeader } from './page-header';
import { type DrawingName, StateDrawing } from './state-drawings';
import './states.css';

/** What an empty screen says: what will appear there, and what to do now (links). */
export interface EmptyNote {
  drawing: DrawingName;
  title: string;
  hint: string;
  actions: ReactNode;
}

/** A screen with its title, and whatever the caller adds under it or an empty state. */
interface TitlePageProps {
  title: string;
  /** The page's meta description; the shop's own when not given. */
  description?: string;
  backTo?: string;
  /** One of the four tab screens (no back button on phones). */
  tab?: boolean;
  empty?: EmptyNote;
  children?: ReactNode;
}

export function TitlePage({ title, description, backTo, tab, empty, children }: TitlePageProps) {
  useDocumentTitle(title, description);
  return (
    <>
      <PageHeader title={title} backTo={backTo} tab={tab} />
      {empty && (
        <div className="state state-page" role="status">
          <StateDrawing name={empty.drawing} />
          <p className="state-message">{empty.title}</p>
          <p className="state-hint">{empty.hint}</p>
          <div className="state-action has-links">{empty.actions}</div>
        </div>
      )}
      {children}
    </>
  );
}
