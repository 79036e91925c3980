import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '#server/http';
import type { CatalogueMedia } from '#server/modules/media/media.files';
import type { ProductPictures } from '#server/modules/media/product-pictures';
import { type UploadedFile, uploadLimits, withUpload } from '#server/uploads/upload-reader';
import { NoInput } from '#shared/schemas/common';
import { PICTURE_MAX_BYTES } from '#shared/schemas/media.rules';
import {
  ImageOrderInput,
  MediaKindParams,
  ProductImageParams,
  ProductImagesParams,
} from '#shared/schemas/media.zod';
import { adminRoute } from './admin-route';
import { type CatalogueChangeDeps, catalogueChangeBy } from './catalogue-changes';

export interface MediaDeps extends CatalogueChangeDeps {
  media: CatalogueMedia;
  pictures: ProductPictures;
}

/** Every picture route is the catalogue's: owners and managers. */
const allow = 'catalogue.manage';

/** Room around the file: several of a browser's 64 KiB chunks, so a file too big is told as such. */
const PICTURE_BODY_ROOM = 1024 * 1024;

/**
 * A picture upload in one of the staff member's upload slots (PICTURE_SLOTS), taken before a byte
 * of the body is read: its file streamed to disk as it arrives, a 413 the moment it passes
 * PICTURE_MAX_BYTES, handed to `use`, then removed (withUpload).
 */
function withPicture<T>(
  media: CatalogueMedia,
  staffId: number,
  request: FastifyRequest,
  use: (file: UploadedFile) => Promise<T>,
): Promise<T> {
  const rules = {
    maxBytes: PICTURE_MAX_BYTES,
    invalidKey: 'errors:catalogueAdmin.pictures.invalid',
    tooLargeKey: 'errors:catalogueAdmin.pictures.tooLarge',
    room: PICTURE_BODY_ROOM,
    tempDir: media.tempDir,
  };
  return media.slots.run(String(staffId), () => withUpload(request, rules, use));
}

/**
 * `/api/admin/media` and a product's pictures (docs/api.md, Admin: pictures). Uploads are
 * multipart, read in a scope of their own; the other picture routes take JSON or form bodies, so a
 * multipart one is a 415 there, unread.
 */
export async function mediaRoutes(app: FastifyInstance, deps: MediaDeps) {
  await app.register(pictureUploadRoutes, deps);
  const { pictures } = deps;

  adminRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/products/:id/images',
      params: ProductImagesParams,
      input: NoInput,
      allow,
    },
    async ({ params }) => ok({ images: await pictures.list(params.id) }),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/images/order',
      params: ProductImagesParams,
      input: ImageOrderInput,
      allow,
    },
    async ({ params, input, staff }) =>
      ok({ images: await pictures.reorder(catalogueChangeBy(deps, staff), params.id, input.ids) }),
  );

  adminRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/products/:id/images/:imageId',
      params: ProductImageParams,
      input: NoInput,
      allow,
    },
    async ({ params, staff }) =>
      ok({ images: await pictures.remove(catalogueChangeBy(deps, staff), params.id, params.imageId) }),
  );
}

/**
 * The picture uploads. The multipart parser is registered in this plugin's own scope (as the
 * avatar's), so no other route reads a multipart body; the staff member, the permission and the
 * upload slot are checked before a byte of the body is read.
 */
async function pictureUploadRoutes(app: FastifyInstance, deps: MediaDeps) {
  const { media, pictures } = deps;
  await app.register(multipart, { limits: uploadLimits(PICTURE_MAX_BYTES) });

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/media/:kind', params: MediaKindParams, input: NoInput, allow },
    async ({ params, staff }, request) =>
      ok({ image: await withPicture(media, staff.id, request, (file) => media.save(params.kind, file)) }),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/images',
      params: ProductImagesParams,
      input: NoInput,
      allow,
    },
    async ({ params, staff }, request) =>
      ok({
        images: await withPicture(media, staff.id, request, (file) =>
          pictures.add(catalogueChangeBy(deps, staff), params.id, file),
        ),
      }),
  );
}
