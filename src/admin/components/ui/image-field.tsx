import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_ASPECT } from '#shared/media';
import type { MediaUpload } from '#shared/schemas/admin/media.zod';
import { minimumSize, PICTURE_ACCEPT, PICTURE_MAX_MB, type UploadKind } from '#shared/schemas/media.rules';
import { adminRequest, messageOf } from '../../lib/api-client';
import './image-field.css';

/** The file chooser of a picture upload, as a button; `onFiles` gets what the staff member chose. */
export function PictureButton({
  label,
  busy,
  multiple = false,
  describedBy,
  onFiles,
}: {
  label: string;
  busy: boolean;
  multiple?: boolean;
  describedBy?: string;
  onFiles(files: File[]): void;
}) {
  const { t } = useTranslation();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again (after fixing it) uploads again.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <label className={`button button-secondary picture-button${busy ? ' is-busy' : ''}`}>
      <input
        type="file"
        className="visually-hidden"
        accept={PICTURE_ACCEPT}
        multiple={multiple}
        disabled={busy}
        aria-describedby={describedBy}
        onChange={choose}
      />
      {busy ? t('pictures.uploading') : label}
    </label>
  );
}

/** What a picture of this kind must be, for the hint beside its button. */
export function usePictureHint(kind: UploadKind | 'product'): string {
  const { t } = useTranslation();
  return t('pictures.hint', { mb: PICTURE_MAX_MB, ...minimumSize(kind) });
}

/** Sends one picture to an upload route (multipart, part `file`) and answers what the route answers. */
export function uploadPicture<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  return adminRequest<T>(path, { method: 'POST', form });
}

/**
 * A picture of a category, banner, tile or promotion: the current one, a button that uploads a new
 * one (`POST /api/admin/media/:kind`) and hands its URL to `onChange`, and the server's refusal in
 * the staff member's language. The form around it saves the URL.
 */
export function ImageField(props: {
  kind: UploadKind;
  label: string;
  value: string;
  onChange(url: string): void;
}) {
  const { kind, label, value, onChange } = props;
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hint = usePictureHint(kind);
  const upload = async ([file]: File[]) => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      onChange((await uploadPicture<MediaUpload>(`/api/admin/media/${kind}`, file)).image);
    } catch (failure) {
      setError(messageOf(failure, t));
    } finally {
      setBusy(false);
    }
  };
  const width = 240;
  return (
    <fieldset className="image-field" aria-describedby={`${id}-hint`}>
      <legend className="field-label">{label}</legend>
      <div className="image-field-preview" style={{ aspectRatio: `1 / ${MEDIA_ASPECT[kind]}`, width }}>
        {value ? (
          <img src={value} alt={t('pictures.current', { label })} />
        ) : (
          <span>{t('pictures.none')}</span>
        )}
      </div>
      <div className="image-field-actions">
        <PictureButton
          label={value ? t('pictures.replace') : t('pictures.upload')}
          busy={busy}
          describedBy={`${id}-hint`}
          onFiles={upload}
        />
        <p id={`${id}-hint`} className="admin-hint">
          {hint}
        </p>
      </div>
      {error ? (
        <p className="field-problem" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
