import type { Changed } from '#server/audit';
import type { Tx } from '#server/db/client';
import {
  type AuditedCatalogueChange,
  type CatalogueListener,
  type CatalogueTouched,
  type StockChanges,
  type StockListener,
  withCatalogueChange,
  withStockChanges,
} from '#server/modules/catalogue/catalogue.changes';
import type { StaffUser } from '#server/plugins/staff-auth';
import { type AuditDeps, type OpenTransaction, writeAudit } from './admin-route';

/*
 * The catalogue's transactions for the admin layer's audited writes. A catalogue change must bump
 * the catalogue's version and tell every process once it commits (catalogue.changes.ts), so the
 * products, categories, stock, home, promotions, searches and media segments open theirs here
 * instead of a plain transaction; the audit lines the domain reports are written inside it.
 */

export interface CatalogueChangeDeps extends AuditDeps {
  catalogue: Pick<CatalogueListener, 'changed'>;
}

type Who = Pick<StaffUser, 'id'> | null;

/**
 * Opens a catalogue change that touches all of it, for `audited`: categories, banners, plates and
 * promotions reach every product list and the home.
 */
export function wholeCatalogueChange(deps: CatalogueChangeDeps): OpenTransaction {
  return (work) =>
    withCatalogueChange(deps.db, deps.catalogue, (tx, touched) => {
      touched.all();
      return work(tx);
    });
}

/** Runs `work` as one catalogue change that says what it touched, writing its audit lines before it commits. */
export function auditedCatalogueChange<T>(
  deps: CatalogueChangeDeps,
  who: Who,
  work: (tx: Tx, touched: CatalogueTouched) => Promise<Changed<T>>,
): Promise<T> {
  return withCatalogueChange(deps.db, deps.catalogue, async (tx, touched) => {
    const { result, audit } = await work(tx, touched);
    await writeAudit(tx, deps.clock, who, audit);
    return result;
  });
}

/** The same, handed to a domain function that runs its change itself (work after the commit). */
export function catalogueChangeBy(deps: CatalogueChangeDeps, who: Who): AuditedCatalogueChange {
  return (work) => auditedCatalogueChange(deps, who, work);
}

/**
 * Runs `work` with its stock writes in one transaction (withStockChanges: this process's catalogue
 * hears of them once it commits), writing the audit lines it reports before it commits.
 */
export function auditedStockChange<T>(
  deps: AuditDeps & { catalogue: StockListener },
  who: Who,
  work: (tx: Tx, stock: StockChanges) => Promise<Changed<T>>,
): Promise<T> {
  return withStockChanges(deps.db, deps.catalogue, async (tx, stock) => {
    const { result, audit } = await work(tx, stock);
    await writeAudit(tx, deps.clock, who, audit);
    return result;
  });
}
