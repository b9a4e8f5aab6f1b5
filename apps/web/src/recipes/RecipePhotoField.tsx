import { useId, useRef, useState } from 'react';
import { photoApi, photoUrl } from '../api';

/** Said when the upload could not reach the server: the form keeps everything else. */
export const PHOTO_OFFLINE =
  'The photo could not be uploaded: Mealplan cannot be reached. Try again when you are online.';

/**
 * The recipe form's photo (docs/DOCUMENTS.md "Photos"): add, replace or remove it. A chosen file is
 * uploaded at once (a phone offers its camera for `accept="image/*"`); the server re-encodes it and
 * answers the id the recipe will name when the form is saved. `onBusy` holds the form's Save while
 * an upload is under way, so a photo is never dropped by saving too early.
 */
export function RecipePhotoField({
  photoId,
  onChange,
  onBusy,
}: {
  photoId: string;
  onChange: (photoId: string) => void;
  onBusy: (busy: boolean) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string }
  >({
    kind: 'idle',
  });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ kind: 'busy' });
    onBusy(true);
    const result = await photoApi.upload(file);
    onBusy(false);
    if (input.current) input.current.value = '';
    if (result.ok) {
      onChange(result.data.photoId);
      setState({ kind: 'idle' });
    } else {
      setState({ kind: 'error', message: result.status === 0 ? PHOTO_OFFLINE : result.error.message });
    }
  };

  return (
    <div className={`field photo-field${state.kind === 'error' ? ' field--error' : ''}`}>
      <span className="field-label">Photo</span>
      <div className="photo-field-body">
        {photoId ? (
          <img className="photo-field-preview" src={photoUrl(photoId, 'thumb')} alt="The recipe's photo" />
        ) : (
          <span className="photo-field-preview photo-field-empty" aria-hidden="true" />
        )}
        <div className="photo-field-actions">
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/*"
            disabled={state.kind === 'busy'}
            aria-label={photoId ? 'Replace photo' : 'Add photo'}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {/* The label is the visible button; the input before it shows its focus ring (recipe-modals.css). */}
          <label className="button small" htmlFor={inputId} aria-hidden="true">
            {state.kind === 'busy' ? 'Uploading photo…' : photoId ? 'Replace photo' : 'Add photo'}
          </label>
          {photoId && state.kind !== 'busy' && (
            <button type="button" className="button small ghost danger-text" onClick={() => onChange('')}>
              Remove photo
            </button>
          )}
        </div>
      </div>
      {state.kind === 'error' && (
        <p className="field-message" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
