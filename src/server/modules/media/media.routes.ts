import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, route } from '#server/http';
import { type UploadedFile, uploadLimits, withUpload } from '#server/uploads/upload-reader';
import { NoInput } from '#shared/schemas/common';
import { PICTURE_MAX_BYTES } from '#shared/schemas/media.rules';
import {
  ImageOrderInput,
  MediaKindParams,
  ProductImageParams,
  ProductImagesParams,
} from '#shared/schemas/media.zod';
import type { CatalogueMedia } from './media.files';
import type { ProductPictures } from './product-pictures';

/** Every picture route is the catalogue's: owners and managers. */
const MANAGE = { auth: 'staff', permission: 'catalogue.manage' } as const;

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
 * The console's picture uploads (docs/api.md, Admin: pictures). The multipart parser is registered
 * in this plugin's own scope (as the avatar's), so no other route reads a multipart body; the
 * staff member, the permission and the upload slot are checked before a byte of the body is read.
 */
export async function pictureUploadRoutes(
  app: FastifyInstance,
  opts: { media: CatalogueMedia; pictures: ProductPictures },
) {
  const { media, pictures } = opts;
  await app.register(multipart, { limits: uploadLimits(PICTURE_MAX_BYTES) });

  route(
    app,
    { method: 'POST', url: '/api/admin/media/:kind', params: MediaKindParams, input: NoInput, ...MANAGE },
    async ({ params, staff }, request) =>
      ok({ image: await withPicture(media, staff.id, request, (file) => media.save(params.kind, file)) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/images',
      params: ProductImagesParams,
      input: NoInput,
      ...MANAGE,
    },
    async ({ params, staff }, request) =>
      ok({
        images: await withPicture(media, staff.id, request, (file) =>
          pictures.add(staff.id, params.id, file),
        ),
      }),
  );
}

/** The console's other picture routes: JSON or form bodies, so a multipart one is a 415 here, unread. */
export async function pictureRoutes(app: FastifyInstance, opts: { pictures: ProductPictures }) {
  const { pictures } = opts;

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/products/:id/images',
      params: ProductImagesParams,
      input: NoInput,
      ...MANAGE,
    },
    async ({ params }) => ok({ images: await pictures.list(params.id) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/images/order',
      params: ProductImagesParams,
      input: ImageOrderInput,
      ...MANAGE,
    },
    async ({ params, input, staff }) =>
      ok({ images: await pictures.reorder(staff.id, params.id, input.ids) }),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/products/:id/images/:imageId',
      params: ProductImageParams,
      input: NoInput,
      ...MANAGE,
    },
    async ({ params, staff }) => ok({ images: await pictures.remove(staff.id, params.id, params.imageId) }),
  );
}
