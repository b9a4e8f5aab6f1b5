import { describe, expect, it } from 'vitest';
import { largerPicture, widthIn } from './images.js';

describe('widthIn', () => {
  it.each([
    ['https://img.test/a/w400-h228/dish.jpg', 400],
    ['https://img.test/a/s1600/dish.jpg', 1600],
    ['https://img.test/upload/fl_progressive,h_630,w_1200,c_fill/v1/dish.jpg', 1200],
    ['https://img.test/thumb/msid-7,width-1070,height-580/7.jpg', 1070],
    ['https://img.test/thumb/7.cms?width=1200&height=900', 1200],
    ['https://site.test/wp-content/uploads/dish-300x200.jpg', 300],
    ['https://site.test/wp-content/uploads/dish.jpg', null],
    ['https://site.test/images/16x9/1920@80.jpg', null],
    ['https://w300.cdn.test/images/dish.jpg', null],
  ])('%s -> %s', (url, width) => {
    expect(widthIn(url)).toBe(width);
  });
});

describe('largerPicture', () => {
  const og = 'https://img.test/a/w400-h228/dish.jpg';
  it('takes the structured image when it is the same picture at a larger width', () => {
    expect(largerPicture(og, 'https://img.test/a/s1600/dish.jpg')).toBe('https://img.test/a/s1600/dish.jpg');
    expect(largerPicture('https://t.test/msid-7,width-1070/7.jpg', 'https://t.test/7.cms?width=1200')).toBe(
      'https://t.test/7.cms?width=1200',
    );
  });

  it.each([
    ['a smaller rendition', 'https://img.test/a/w200-h100/dish.jpg'],
    ['another picture', 'https://img.test/a/s1600/other.jpg'],
    ['no width to compare', 'https://img.test/a/dish.jpg'],
  ])('keeps the preview image against %s', (_name, structured) => {
    expect(largerPicture(og, structured)).toBe(og);
  });

  it('keeps an un-sized preview over a WordPress crop of it, and falls back to whichever exists', () => {
    const hero = 'https://site.test/uploads/dish.jpg';
    expect(largerPicture(hero, 'https://site.test/uploads/dish-720x720.jpg')).toBe(hero);
    expect(largerPicture(null, hero)).toBe(hero);
    expect(largerPicture(hero, null)).toBe(hero);
    expect(largerPicture(null, null)).toBeNull();
  });
});
