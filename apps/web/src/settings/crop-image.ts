/** Turns the crop chosen on screen into the JPEG that POST /api/avatar receives. */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Side of the uploaded square; the server re-encodes to its own size, so this only caps bytes. */
export const AVATAR_UPLOAD_PX = 512;
export const AVATAR_JPEG_QUALITY = 0.9;

/**
 * The crop in the image's own pixels. The crop is measured on the image as displayed, which may
 * be scaled down to fit the dialog; the canvas must read from the full-size picture.
 */
export function naturalCropRect(
  crop: Rect,
  displayed: { width: number; height: number },
  natural: { width: number; height: number },
): Rect {
  const sx = displayed.width > 0 ? natural.width / displayed.width : 1;
  const sy = displayed.height > 0 ? natural.height / displayed.height : 1;
  const x = Math.max(0, Math.round(crop.x * sx));
  const y = Math.max(0, Math.round(crop.y * sy));
  return {
    x,
    y,
    width: Math.min(natural.width - x, Math.round(crop.width * sx)),
    height: Math.min(natural.height - y, Math.round(crop.height * sy)),
  };
}

/** Draws the crop of `image` onto a square canvas and encodes it as JPEG. */
export function cropToJpeg(image: HTMLImageElement, crop: Rect, size = AVATAR_UPLOAD_PX): Promise<Blob> {
  const source = naturalCropRect(
    crop,
    { width: image.width, height: image.height },
    { width: image.naturalWidth, height: image.naturalHeight },
  );
  const side = Math.max(1, Math.min(size, source.width, source.height));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('Canvas is not available'));
  // JPEG has no transparency: a white background for transparent PNGs instead of black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Unable to encode the picture'))),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    ),
  );
}
