import { useEffect, useRef, useState } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type Crop, type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { avatarApi } from '../api';
import { useCurrentUser } from '../account';
import { useToast } from '../ui';
import { Modal } from '../ui';
import { cropToJpeg } from './crop-image';

export const AVATAR_UPLOAD_FAILED = 'Unable to upload photo';

/** The crop a picture starts with: a centred circle 90% of the picture's width (docs/BEHAVIOUR.md §9). */
export function initialCrop(width: number, height: number): Crop {
  return centerCrop(makeAspectCrop({ unit: '%', width: 90 }, 1, width, height), width, height);
}

/** Choose a picture, crop it to a circle, upload it as the profile picture. */
export function AvatarModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { refresh } = useCurrentUser();
  const toast = useToast();
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop>();
  const [pixelCrop, setPixelCrop] = useState<PixelCrop>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);

  // The chosen file is shown from an object URL; free it when it is replaced or the dialog closes.
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  function close() {
    setSource(null);
    setCrop(undefined);
    setPixelCrop(undefined);
    setError(null);
    onClose();
  }

  function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError('Please choose an image file');
      return;
    }
    setCrop(undefined);
    setPixelCrop(undefined);
    setSource(URL.createObjectURL(file));
  }

  async function upload() {
    const image = imageRef.current;
    if (!image || !pixelCrop || pixelCrop.width === 0) return;
    setBusy(true);
    setError(null);
    try {
      const jpeg = await cropToJpeg(image, pixelCrop);
      const result = await avatarApi.upload(jpeg);
      if (!result.ok) throw new Error(result.error.message);
      await refresh();
      toast.show('Profile picture updated');
      close();
    } catch {
      setError(AVATAR_UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Profile picture"
      className="avatar-modal"
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button primary" onClick={upload} disabled={!pixelCrop || busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </>
      }
    >
      <label className="file-picker">
        <span className="button">{source ? 'Choose another image' : 'Choose an image'}</span>
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </label>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {source ? (
        <div className="crop-area">
          <ReactCrop
            crop={crop}
            onChange={(pixels, percent) => {
              setCrop(percent);
              setPixelCrop(pixels);
            }}
            onComplete={(pixels) => setPixelCrop(pixels)}
            aspect={1}
            circularCrop
            keepSelection
            minWidth={40}
          >
            <img
              ref={imageRef}
              src={source}
              alt="Picture to crop"
              onLoad={(event) => {
                const { width, height } = event.currentTarget;
                const start = initialCrop(width, height);
                setCrop(start);
                setPixelCrop({
                  unit: 'px',
                  x: (start.x / 100) * width,
                  y: (start.y / 100) * height,
                  width: (start.width / 100) * width,
                  height: (start.height / 100) * height,
                });
              }}
            />
          </ReactCrop>
          <p className="crop-hint">Drag the circle to choose what shows in your picture.</p>
        </div>
      ) : (
        <p className="crop-hint">JPEG, PNG, WebP or GIF. It is cropped to a circle before uploading.</p>
      )}
    </Modal>
  );
}
