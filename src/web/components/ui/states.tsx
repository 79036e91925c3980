import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '#web/lib/api-client';
import { type DrawingName, StateDrawing } from './state-drawings';
import './states.css';

/** The empty and error states of docs/product.md §8, each with its verbatim wording in common.json `error.*`. */
export type StateKind =
  | 'busy'
  | 'disconnected'
  | 'notFound'
  | 'error'
  | 'noProduct'
  | 'noUser'
  | 'noAddress'
  | 'noOrder'
  | 'noCard';

const drawingOf: Record<StateKind, DrawingName> = {
  busy: 'busy',
  disconnected: 'offline',
  notFound: 'search',
  error: 'alert',
  noProduct: 'basket',
  noUser: 'person',
  noAddress: 'pin',
  noOrder: 'receipt',
  noCard: 'card',
};

/** Kinds with a second, shorter wording (docs/product.md §8), used where a state fills a section, not a page. */
const SHORT = new Set<StateKind>(['busy', 'disconnected', 'notFound', 'error', 'noProduct']);

interface StateViewProps {
  kind: StateKind;
  /** `page` fills the screen with the long wording; `section` is compact with the short one. */
  size?: 'page' | 'section';
  /** The one action: a button or a link. */
  action?: ReactNode;
}

export function StateView({ kind, size = 'page', action }: StateViewProps) {
  const { t } = useTranslation('common');
  const key = size === 'section' && SHORT.has(kind) ? `error.${kind}Short` : `error.${kind}`;
  return (
    <div className={`state state-${size}`} role={isFailure(kind) ? 'alert' : 'status'}>
      <StateDrawing name={drawingOf[kind]} />
      <p className="state-message">{t(key)}</p>
      {action && <div className="state-action">{action}</div>}
    </div>
  );
}

function isFailure(kind: StateKind): boolean {
  return kind === 'busy' || kind === 'disconnected' || kind === 'error';
}

/** Which state a failed call shows (docs/product.md §8): 5xx busy; network error or abort disconnected. */
export function stateKindOf(error: unknown): StateKind {
  if (!(error instanceof ApiError)) return 'error';
  if (error.kind === 'busy' || error.kind === 'disconnected' || error.kind === 'notFound') return error.kind;
  return 'error';
}

interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
  size?: 'page' | 'section';
}

/** A failed load: its state, and "Try again" (or "Back to home" when the thing does not exist). */
export function ErrorState({ error, onRetry, size = 'page' }: ErrorStateProps) {
  const { t } = useTranslation('common');
  const kind = stateKindOf(error);
  const action =
    kind === 'notFound' ? (
      <Link className="button button-primary" to="/home">
        {t('actions.goHome')}
      </Link>
    ) : (
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    );
  return <StateView kind={kind} size={size} action={action} />;
}
