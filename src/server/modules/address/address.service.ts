import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { addresses } from '#server/db/schema';
import { NotFound } from '#server/errors';
import type { Address, AddressField } from '#shared/schemas/address';
import { lockShopper } from '../account/shopper-lock';

export type AddressInput = Record<AddressField, string> & { instructions: string; default_status: boolean };

type Row = typeof addresses.$inferSelect;
const view = (r: Row): Address => ({
  uuid: r.uuid,
  name: r.name,
  surname: r.surname,
  phone: r.phone,
  address: r.address,
  area: r.area,
  city: r.city,
  province: r.province,
  zip: r.zip,
  instructions: r.instructions,
  default_status: r.defaultStatus === 1 ? 1 : 0,
});

const fieldsOf = (input: AddressInput) => ({
  name: input.name.trim(),
  surname: input.surname.trim(),
  phone: input.phone.trim(),
  address: input.address.trim(),
  area: input.area.trim(),
  city: input.city.trim(),
  province: input.province.trim(),
  zip: input.zip.trim(),
  instructions: input.instructions.trim(),
});

/**
 * The address book (docs/architecture.md §5): at most one default per shopper, the first address is the
 * default, deleting the default promotes the newest other one. Rows are always the shopper's own.
 * Each change holds the shopper's lock, so parallel changes see each other's default.
 */
export class AddressService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(userId: number): Promise<Address[]> {
    const rows = await this.deps.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.defaultStatus), desc(addresses.createdAt), desc(addresses.id));
    return rows.map(view);
  }

  async create(userId: number, input: AddressInput): Promise<Address> {
    return this.deps.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const [existing] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .limit(1);
      const makeDefault = input.default_status || !existing;
      if (makeDefault) await this.clearDefault(tx, userId);
      const [row] = await tx
        .insert(addresses)
        .values({
          uuid: randomUUID(),
          userId,
          ...fieldsOf(input),
          defaultStatus: makeDefault ? 1 : 0,
          createdAt: this.deps.clock.now(),
        })
        .returning();
      if (!row) throw new Error('address not inserted');
      return view(row);
    });
  }

  async update(userId: number, uuid: string, input: AddressInput): Promise<Address> {
    return this.deps.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const current = await this.own(tx, userId, uuid);
      if (input.default_status) await this.clearDefault(tx, userId);
      const [row] = await tx
        .update(addresses)
        .set({ ...fieldsOf(input), defaultStatus: input.default_status ? 1 : 0 })
        .where(eq(addresses.id, current.id))
        .returning();
      if (!row) throw new NotFound('errors:address.notFound');
      return view(row);
    });
  }

  async remove(userId: number, uuid: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await lockShopper(tx, userId);
      const current = await this.own(tx, userId, uuid);
      await tx.delete(addresses).where(eq(addresses.id, current.id));
      if (current.defaultStatus !== 1) return;
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.userId, userId), ne(addresses.id, current.id)))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ defaultStatus: 1 }).where(eq(addresses.id, next.id));
    });
  }

  /** The shopper's address by uuid; someone else's answers 404 as if it did not exist. */
  async own(db: Db | Tx, userId: number, uuid: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.uuid, uuid), eq(addresses.userId, userId)));
    if (!row) throw new NotFound('errors:address.notFound');
    return row;
  }

  private async clearDefault(tx: Tx, userId: number): Promise<void> {
    await tx
      .update(addresses)
      .set({ defaultStatus: 0 })
      .where(and(eq(addresses.userId, userId), eq(addresses.defaultStatus, 1)));
  }
}
