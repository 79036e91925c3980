import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '#web/components/ui/loading';
import { PictureButton, usePictureHint } from '../../../components/ui/image-field';
import { FormError, LoadError } from '../../../components/ui/states';
import { messageOf } from '../../../lib/api-client';
import { type ProductPicture, picturesQueryOptions, usePictureChanges } from '../api/pictures';

/** A list with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * A product's pictures in the editor: thumbnails in order (the first is what shoppers see in
 * lists), upload one or several, move one earlier or later, delete one after confirming; each
 * refusal shown in the staff member's language.
 */
export function PictureManager({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const pictures = useQuery(picturesQueryOptions(productId));
  const { upload, reorder, remove } = usePictureChanges(productId);
  const hint = usePictureHint('product');
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [added, setAdded] = useState(0);
  const [confirming, setConfirming] = useState<number>();

  if (pictures.isPending) return <Loading />;
  if (pictures.isError) return <LoadError error={pictures.error} retry={() => void pictures.refetch()} />;
  const list = pictures.data;
  const busy = uploading || reorder.isPending || remove.isPending;

  // One file at a time, in the order chosen: each lands last, and one refusal stops none of the others.
  const uploadAll = async (files: File[]) => {
    setUploading(true);
    setProblems([]);
    setAdded(0);
    let count = 0;
    const failed: string[] = [];
    for (const file of files) {
      try {
        await upload.mutateAsync(file);
        count++;
      } catch (error) {
        failed.push(t('pictures.manager.uploadFailed', { name: file.name, message: messageOf(error, t) }));
      }
    }
    setAdded(count);
    setProblems(failed);
    setUploading(false);
  };
  const move = (from: number, to: number) => reorder.mutate(moved(list, from, to).map((p) => p.id));

  return (
    <div className="picture-manager">
      <p className="admin-hint">{t('pictures.manager.intro')}</p>
      {list.length === 0 ? (
        <p className="admin-hint">{t('pictures.manager.empty')}</p>
      ) : (
        <ol className="picture-list">
          {list.map((picture: ProductPicture, i) => (
            <li key={picture.id} className="picture-item">
              <figure>
                <img src={picture.link} alt="" width={96} height={96} />
                <figcaption>
                  {t('pictures.manager.picture', { n: i + 1, total: list.length })}
                  {i === 0 ? (
                    <strong className="picture-first"> · {t('pictures.manager.first')}</strong>
                  ) : null}
                </figcaption>
              </figure>
              {confirming === picture.id ? (
                <div className="picture-actions">
                  <p role="alert">{t('pictures.manager.confirmDelete', { n: i + 1 })}</p>
                  <button
                    type="button"
                    className="button button-danger"
                    disabled={busy}
                    onClick={() => remove.mutate(picture.id, { onSettled: () => setConfirming(undefined) })}
                  >
                    {t('pictures.manager.confirm')}
                  </button>
                  <button type="button" className="text-button" onClick={() => setConfirming(undefined)}>
                    {t('pictures.manager.cancel')}
                  </button>
                </div>
              ) : (
                <div className="picture-actions">
                  <button
                    type="button"
                    className="text-button"
                    disabled={busy || i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    {t('pictures.manager.earlier')}
                  </button>
                  <button
                    type="button"
                    className="text-button"
                    disabled={busy || i === list.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    {t('pictures.manager.later')}
                  </button>
                  <button
                    type="button"
                    className="text-button"
                    disabled={busy}
                    onClick={() => setConfirming(picture.id)}
                  >
                    {t('pictures.manager.delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="image-field-actions">
        <PictureButton
          label={t('pictures.manager.add')}
          busy={uploading}
          multiple
          describedBy={`picture-hint-${productId}`}
          onFiles={(files) => void uploadAll(files)}
        />
        <p id={`picture-hint-${productId}`} className="admin-hint">
          {hint}
        </p>
      </div>
      {added > 0 ? (
        <p className="admin-notice" role="status">
          {t('pictures.manager.uploaded', { count: added })}
        </p>
      ) : null}
      {problems.map((problem) => (
        <p key={problem} className="form-error" role="alert">
          {problem}
        </p>
      ))}
      <FormError error={reorder.error ?? remove.error} />
    </div>
  );
}
