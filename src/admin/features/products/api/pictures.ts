import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPictures as Pictures } from '#shared/schemas/admin/media.zod';
import { uploadPicture } from '../../../components/ui/image-field';
import { adminRequest } from '../../../lib/api-client';

/** One picture of a product (docs/api.md, Admin: pictures); the first is the product's main one. */
export type { ProductPicture } from '#shared/schemas/admin/media.zod';

/** Under the products' key: a change to the pictures refreshes the product (its main picture, what is missing). */
const picturesKey = (productId: number) => ['admin', 'products', 'pictures', productId] as const;

export const picturesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: picturesKey(productId),
    queryFn: ({ signal }) =>
      adminRequest<Pictures>(`/api/admin/products/${productId}/images`, { signal }).then((a) => a.images),
  });

/** The three changes; each answers the pictures as they now are, which the list shows at once. */
export function usePictureChanges(productId: number) {
  const client = useQueryClient();
  const base = `/api/admin/products/${productId}/images`;
  const settle = (answer: Pictures) => {
    client.setQueryData(picturesKey(productId), answer.images);
    return client.invalidateQueries({
      queryKey: ['admin', 'products'],
      predicate: (query) => query.queryKey[2] !== 'pictures',
    });
  };
  return {
    upload: useMutation({
      mutationFn: (file: File) => uploadPicture<Pictures>(base, file),
      onSuccess: settle,
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) =>
        adminRequest<Pictures>(`${base}/order`, { method: 'POST', body: { ids } }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (imageId: number) => adminRequest<Pictures>(`${base}/${imageId}`, { method: 'DELETE' }),
      onSuccess: settle,
    }),
  };
}
