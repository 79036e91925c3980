import { z } from 'zod';
import { Id } from './common.zod';

/* Answers of the console's picture uploads (docs/api.md, Admin: pictures). */

/** `POST /api/admin/media/:kind`: where the stored picture is served. */
export const MediaUpload = z.strictObject({ image: z.string() });
export type MediaUpload = z.infer<typeof MediaUpload>;

/** One picture of a product; the first is the product's main one. */
export const ProductPicture = z.strictObject({ id: Id, link: z.string() });
export type ProductPicture = z.infer<typeof ProductPicture>;

/** `/api/admin/products/:id/images` and each change to them: the pictures as they now are. */
export const ProductPictures = z.strictObject({ images: z.array(ProductPicture) });
export type ProductPictures = z.infer<typeof ProductPictures>;
