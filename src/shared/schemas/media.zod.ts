import { z } from 'zod';
import { IdParam } from './common.zod';
import { PRODUCT_PICTURES_MAX, UPLOAD_KINDS } from './media.rules';

/* Requests of the console's picture routes (docs/api.md, Admin: pictures). */

/** `POST /api/admin/media/:kind`. */
export const MediaKindParams = z.object({ kind: z.enum(UPLOAD_KINDS) });

/** `/api/admin/products/:id/images`. */
export const ProductImagesParams = z.object({ id: IdParam });

/** `DELETE /api/admin/products/:id/images/:imageId`. */
export const ProductImageParams = z.object({ id: IdParam, imageId: IdParam });

const ImageId = z.union([z.number().int().min(1).max(2_147_483_647), IdParam]);

/** `POST /api/admin/products/:id/images/order`: every picture of the product, first one first. */
export const ImageOrderInput = z.object({
  ids: z
    .array(ImageId)
    .min(1)
    .max(PRODUCT_PICTURES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'ids'),
});
export type ImageOrderInput = z.output<typeof ImageOrderInput>;
