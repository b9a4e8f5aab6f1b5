/**
 * Chooses between two addresses of a recipe's picture. Pages' preview images (Open Graph) are
 * the hero picture they chose, but some ship a small rendition of it ('.../w400-h228/dish.jpg')
 * while the structured data names the same picture larger ('.../s1600/dish.jpg'); the larger one
 * is the better picture to keep.
 */

/** A width written into an image address: 'w400', 'w_800', 'width-1070', 'width=1200', 's1600'. */
const WIDTH = /(?:^|[/_,?&-])(?:w|width|s)[-_=]?(\d{2,4})(?=$|[/_,&.-])/i;
/** WordPress-style rendition suffix: 'dish-300x200.jpg'. */
const SIZE_SUFFIX = /-(\d{2,4})x\d{2,4}(?=\.\w+$)/;

/** The width an image address asks for, or null when it names none. */
export function widthIn(url: string): number | null {
  // The host is left out: 'w1.cdn.test' names a server, not a size.
  const path = url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  const match = SIZE_SUFFIX.exec(path.replace(/[?#].*$/, '')) ?? WIDTH.exec(path);
  return match?.[1] ? Number(match[1]) : null;
}

/** The picture's file name without extension and rendition suffix: what names the picture. */
function pictureName(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file
    .replace(/\.\w+$/, '')
    .replace(SIZE_SUFFIX, '')
    .toLowerCase();
}

/**
 * The preview image, unless the structured image is the same picture (same file name) at a
 * width larger than the one the preview asks for.
 */
export function largerPicture(preview: string | null, structured: string | null): string | null {
  if (!preview || !structured) return preview ?? structured;
  const name = pictureName(preview);
  if (!name || name !== pictureName(structured)) return preview;
  const small = widthIn(preview);
  const large = widthIn(structured);
  return small !== null && large !== null && large > small ? structured : preview;
}
