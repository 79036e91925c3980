import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarsQueryOptions, rememberUser, updateProfile, uploadAvatar } from '#web/api/account';
import { ErrorState } from '#web/components/ui/states';
import { ServerBanner } from './form';

/** The bundled pictures to choose from, and an upload of one's own; either saves at once. */
export function AvatarPicker({ current, onDone }: { current: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const avatars = useQuery(avatarsQueryOptions());
  const [chosen, setChosen] = useState(current);
  const uploadId = useId();
  const choose = useMutation({
    mutationFn: (avatar: string) => updateProfile({ avatar }),
    onSuccess: (user) => {
      rememberUser(user, queryClient);
      onDone();
    },
  });
  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (user) => {
      rememberUser(user, queryClient);
      onDone();
    },
  });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) upload.mutate(file);
  };
  const busy = choose.isPending || upload.isPending;
  return (
    <div className="avatar-picker">
      <ServerBanner error={choose.error ?? upload.error} />
      {avatars.isError ? (
        <ErrorState error={avatars.error} onRetry={() => void avatars.refetch()} size="section" />
      ) : (
        <fieldset className="avatar-grid" disabled={busy}>
          <legend>{t('settings.chooseAvatar')}</legend>
          {(avatars.data ?? Array.from({ length: 12 }, () => '')).map((url, i) =>
            url ? (
              <label key={url} className={`avatar-option${chosen === url ? ' is-chosen' : ''}`}>
                <input
                  type="radio"
                  name="avatar"
                  className="visually-hidden"
                  checked={chosen === url}
                  onChange={() => setChosen(url)}
                  aria-label={t('settings.avatarOption', { n: i + 1 })}
                />
                <img src={url} alt="" width={64} height={64} loading="lazy" />
              </label>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while the list loads
              <span key={i} className="avatar-option is-loading" />
            ),
          )}
        </fieldset>
      )}
      <button
        type="button"
        className="button button-primary account-submit"
        disabled={busy || !chosen || chosen === current}
        onClick={() => choose.mutate(chosen)}
      >
        {choose.isPending ? t('settings.saving') : t('settings.save')}
      </button>
      <div className="avatar-upload">
        <label htmlFor={uploadId}>{t('settings.uploadAvatar')}</label>
        <input
          id={uploadId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          onChange={onFile}
          disabled={busy}
          aria-describedby={`${uploadId}-hint`}
        />
        <p id={`${uploadId}-hint`} className="field-hint">
          {upload.isPending ? t('settings.uploading') : t('settings.uploadHint')}
        </p>
      </div>
    </div>
  );
}
