import { z } from 'zod';
import { Count, Id } from './common.zod';

/* Answers of `/api/admin/categories` (docs/api.md, Admin: categories). */

/** A category with its children (top levels only have them). */
export const AdminCategory = z.strictObject({
  id: Id,
  parent_id: Id.nullable(),
  en_name: z.string(),
  zn_name: z.string(),
  icon: z.string(),
  /** Products in the category itself, published or not (a top level's children's not counted). */
  product_count: Count,
  get children(): z.ZodArray<typeof AdminCategory> {
    return z.array(AdminCategory);
  },
});
export type AdminCategory = z.infer<typeof AdminCategory>;

/** `GET /api/admin/categories`, and what every change answers: the whole tree. */
export const CategoryTree = z.strictObject({ categories: z.array(AdminCategory) });
export type CategoryTree = z.infer<typeof CategoryTree>;

/** `POST /api/admin/categories`: the new category's id and the tree. */
export const CategoryCreated = CategoryTree.extend({ id: Id });
export type CategoryCreated = z.infer<typeof CategoryCreated>;
