import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { categories, plateItems, plates } from '#server/db/schema';
import { BadInput, NotFound } from '#server/errors';
import { type AdminPlate, PLATE_GRID_STYLE } from '#shared/schemas/home.rules';
import type { PlateInput } from '#shared/schemas/home-admin.zod';
import { sortAfter } from '../catalogue/sort-order';
import { moveIn, publishAudit, siblingsIn } from './home-order';
import { checkPaths, H } from './shop-paths';

/*
 * The home's plates (image grids, or a category's best sellers) as staff edit them: new ones start
 * unpublished. Callers run the writes inside withCatalogueChange (touched.all()) and write the audit
 * line each reports.
 */

type PlateRow = typeof plates.$inferSelect;

const target = (id: number) => ({ targetType: 'plate', targetId: id });

export async function plateList(db: Db | Tx, only?: number): Promise<AdminPlate[]> {
  const [rows, items] = await Promise.all([
    db
      .select()
      .from(plates)
      .where(only === undefined ? undefined : eq(plates.id, only))
      .orderBy(asc(plates.sort), asc(plates.id)),
    db
      .select()
      .from(plateItems)
      .where(only === undefined ? undefined : eq(plateItems.plateId, only))
      .orderBy(asc(plateItems.plateId), asc(plateItems.sort), asc(plateItems.id)),
  ]);
  return rows.map((p) => ({
    id: p.id,
    style: p.style,
    en_name: p.enName,
    zn_name: p.znName,
    category_id: p.categoryId,
    published: p.published,
    items: items.filter((i) => i.plateId === p.id).map((i) => ({ img: i.img, url: i.url })),
  }));
}

/** What the audit log keeps of a plate: staff's view of it. */
async function plateAudit(tx: Tx, id: number): Promise<AdminPlate> {
  const [plate] = await plateList(tx, id);
  if (!plate) throw new NotFound(`${H}.plateNotFound`);
  return plate;
}

async function lockPlate(tx: Tx, id: number): Promise<PlateRow> {
  const [row] = await tx.select().from(plates).where(eq(plates.id, id)).for('update');
  if (!row) throw new NotFound(`${H}.plateNotFound`);
  return row;
}

/**
 * Shoppers never see an image grid without tiles (a bare heading): it is refused publishing, and a
 * published one keeps at least one tile (the plate is locked, so no change in between empties it).
 */
function refuseBare(plate: { style: number; items: readonly unknown[] }): void {
  if (plate.style === PLATE_GRID_STYLE && plate.items.length === 0) throw new BadInput(`${H}.plateEmpty`);
}

async function checkPlate(tx: Tx, input: PlateInput): Promise<void> {
  if (input.categoryId !== null) {
    const [c] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!c) throw new BadInput(`${H}.categoryNotFound`);
  }
  await checkPaths(
    tx,
    input.items.map((i) => i.url),
  );
}

async function writeItems(tx: Tx, plateId: number, items: PlateInput['items']): Promise<void> {
  await tx.delete(plateItems).where(eq(plateItems.plateId, plateId));
  if (items.length > 0)
    await tx.insert(plateItems).values(items.map((item, sort) => ({ ...item, plateId, sort })));
}

const plateFields = (input: PlateInput) => ({
  style: input.style,
  enName: input.enName,
  znName: input.znName,
  categoryId: input.categoryId,
});

export async function createPlate(tx: Tx, input: PlateInput): Promise<Changed<AdminPlate>> {
  await checkPlate(tx, input);
  const sort = sortAfter(await siblingsIn(tx, plates));
  const [row] = await tx
    .insert(plates)
    .values({ ...plateFields(input), key: `plate-${randomUUID()}`, sort, published: false })
    .returning();
  if (!row) throw new Error('plate insert returned nothing');
  await writeItems(tx, row.id, input.items);
  const created = await plateAudit(tx, row.id);
  return { result: created, audit: { action: 'plate.create', ...target(row.id), after: created } };
}

export async function updatePlate(tx: Tx, id: number, input: PlateInput): Promise<Changed<AdminPlate>> {
  const row = await lockPlate(tx, id);
  const before = await plateAudit(tx, id);
  await checkPlate(tx, input);
  if (row.published) refuseBare(input);
  await tx.update(plates).set(plateFields(input)).where(eq(plates.id, id));
  await writeItems(tx, id, input.items);
  const after = await plateAudit(tx, id);
  return { result: after, audit: { action: 'plate.update', ...target(id), before, after } };
}

export async function publishPlate(tx: Tx, id: number, published: boolean): Promise<Changed<AdminPlate>> {
  await lockPlate(tx, id);
  const before = await plateAudit(tx, id);
  if (published) refuseBare(before);
  await tx.update(plates).set({ published }).where(eq(plates.id, id));
  const after = await plateAudit(tx, id);
  return { result: after, audit: publishAudit('plate', id, before.published, after.published) };
}

export async function movePlate(tx: Tx, id: number, direction: 'up' | 'down'): Promise<Changed<AdminPlate>> {
  await lockPlate(tx, id);
  await moveIn(tx, plates, id, direction);
  return { result: await plateAudit(tx, id), audit: { action: `plate.move.${direction}`, ...target(id) } };
}

export async function deletePlate(tx: Tx, id: number): Promise<Changed<AdminPlate>> {
  await lockPlate(tx, id);
  const before = await plateAudit(tx, id);
  await tx.delete(plates).where(eq(plates.id, id));
  return { result: before, audit: { action: 'plate.delete', ...target(id), before } };
}
