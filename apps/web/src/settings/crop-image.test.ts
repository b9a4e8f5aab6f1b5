import { describe, expect, it } from 'vitest';
import { naturalCropRect } from './crop-image';

describe('naturalCropRect', () => {
  it('keeps the crop when the image is shown at full size', () => {
    const crop = { x: 10, y: 20, width: 100, height: 100 };
    expect(naturalCropRect(crop, { width: 400, height: 300 }, { width: 400, height: 300 })).toEqual(crop);
  });

  it('scales a crop made on a shrunken image up to the real pixels', () => {
    const rect = naturalCropRect(
      { x: 10, y: 5, width: 90, height: 90 },
      { width: 100, height: 100 },
      { width: 1000, height: 1000 },
    );
    expect(rect).toEqual({ x: 100, y: 50, width: 900, height: 900 });
  });

  it('never reaches outside the picture', () => {
    const rect = naturalCropRect(
      { x: -2, y: 0, width: 101, height: 50 },
      { width: 100, height: 50 },
      { width: 200, height: 100 },
    );
    expect(rect.x).toBe(0);
    expect(rect.width).toBeLessThanOrEqual(200);
    expect(rect.y + rect.height).toBeLessThanOrEqual(100);
  });
});
