import { describe, expect, it } from 'vitest';
import { findUnderTitle } from './headings.js';
import { parseHtml } from './html.js';
import { findLabelledValues } from './labels.js';
import { readPageMeta } from './meta.js';
import { findNamedBlocks, pageTitle } from './page.js';

const PAGE = 'https://x.test/recipes/banh-mi/';

describe('readPageMeta', () => {
  it('reads preview title, image, canonical link and title from <head>', () => {
    const html = `<html><head><title>Banh Mi | Tofu Co</title>
      <meta property="og:title" content="Banh Mi | Tofu Co"><meta content='/img/banh-mi.jpg' property='og:image'/>
      <link rel="canonical" href="/recipes/banh-mi/"></head><body><meta property="og:image" content="/late.jpg"></body></html>`;
    expect(readPageMeta(html, PAGE)).toEqual({
      previewTitle: 'Banh Mi | Tofu Co',
      documentTitle: 'Banh Mi | Tofu Co',
      image: 'https://x.test/img/banh-mi.jpg',
      url: 'https://x.test/recipes/banh-mi/',
    });
  });

  it('falls back to twitter and image_src, and skips logos, empty values and the page itself', () => {
    const logo = `<head><meta property="og:image" content="https://x.test/wp-content/cropped-Site-Icon.png">
      <meta name="twitter:image" content="https://x.test/dish.jpg"></head>`;
    expect(readPageMeta(logo, PAGE).image).toBe('https://x.test/dish.jpg');
    const odd = `<head><meta property="og:image" content="#&lt;Variant:0x1&gt;"><meta property="og:image:url" content="${PAGE}">
      <link rel="image_src" href="/src.jpg"></head>`;
    expect(readPageMeta(odd, PAGE).image).toBe('https://x.test/src.jpg');
    expect(readPageMeta('<p>no head</p>', PAGE)).toEqual({
      previewTitle: null,
      documentTitle: null,
      image: null,
      url: null,
    });
  });
});

describe('pageTitle', () => {
  const meta = (previewTitle: string | null, documentTitle: string | null = null) => ({
    previewTitle,
    documentTitle,
    image: null,
    url: null,
  });

  it('prefers an <h1> that the preview title contains (without the site suffix)', () => {
    const doc = parseHtml('<h1 class="sr-only">Navigation</h1><h1>Banh Mi</h1>');
    expect(pageTitle(doc, meta('Banh Mi | Tofu Co'))).toBe('Banh Mi');
  });

  it('falls back to the preview title, then the first <h1>, then <title>', () => {
    expect(pageTitle(parseHtml('<h1>Welcome</h1>'), meta('Soup'))).toBe('Soup');
    expect(pageTitle(parseHtml('<h1>Welcome</h1>'), meta(null, 'Site'))).toBe('Welcome');
    expect(pageTitle(parseHtml('<p>x</p>'), meta(null, 'Site'))).toBe('Site');
  });
});

describe('findNamedBlocks', () => {
  it('reads blocks whose class or id names ingredients and steps', () => {
    const html = `<ul class="nav"><li><button id="ingredients-tab">Ingredients</button></li></ul>
      <div class="recipe__ingredients"><h2>Ingredients</h2><ol><li>100g tofu</li><li>1 baguette</li></ol></div>
      <div id="method-steps"><h2>Get started</h2><ol><li>Slice.</li><li>Fill.</li></ol></div>`;
    const meta = { previewTitle: null, documentTitle: null, image: 'https://x.test/a.jpg', url: null };
    expect(findNamedBlocks(parseHtml(html), meta)).toMatchObject({
      ingredients: ['100g tofu', '1 baguette'],
      instructions: ['Slice.', 'Fill.'],
      image: 'https://x.test/a.jpg',
    });
  });
});

describe('findUnderTitle', () => {
  it('reads the list under an "Ingredients" heading, with sub-headings as sections', () => {
    const html = `<h2>Zutaten*</h2><h3>Teig</h3><ul><li>80 g Spinat</li><li>2 Eier</li></ul>
      <p><strong>Topping:</strong></p><ul><li>Honig</li></ul><h2>Zubereitung</h2><ol><li>Mischen.</li></ol>`;
    const doc = parseHtml(html);
    expect(findUnderTitle(doc, 'ingredients')).toEqual([
      'Teig:',
      '80 g Spinat',
      '2 Eier',
      'Topping:',
      'Honig',
    ]);
    expect(findUnderTitle(doc, 'instructions')).toEqual(['Mischen.']);
  });

  it('reads paragraphs when there is no list, stopping at the next heading as high', () => {
    const html = `<h3>Method</h3><p>Boil the water.</p><p>Add pasta.</p><h3>Notes</h3><p>Enjoy.</p>`;
    expect(findUnderTitle(parseHtml(html), 'instructions')).toEqual(['Boil the water.', 'Add pasta.']);
  });

  it('skips list items that are only links, such as tab labels', () => {
    const html = `<h3>Ingredients</h3><ul class="tabs"><li><a href="#us">US</a></li><li><a href="#metric">Metric</a></li></ul>
      <ul><li>250 g <a href="/flour">flour</a></li><li>2 eggs</li></ul><h3>Method</h3><p>Mix.</p>`;
    expect(findUnderTitle(parseHtml(html), 'ingredients')).toEqual(['250 g flour', '2 eggs']);
  });

  it('skips titles in links and gives nothing when no title is followed by content', () => {
    const html = `<nav><a href="#i"><span>Ingredients</span></a></nav><p>Ingredients</p>`;
    expect(findUnderTitle(parseHtml(html), 'ingredients')).toEqual([]);
  });
});

describe('findLabelledValues', () => {
  it('reads labels with values on the same or the next line', () => {
    const html = `<ul><li><strong>Serves:</strong> 1 people</li><li><strong>Prep:</strong> 30 mins</li>
      <li><strong>Cooking:</strong> 5 mins</li></ul><div><span>Total</span><span>40</span><span>min</span></div>`;
    expect(findLabelledValues(parseHtml(html))).toEqual({
      servings: 1,
      prepTime: 30,
      cookTime: 5,
      totalTime: 40,
    });
  });

  it('reads a count with its unit and ignores counts too large to be a yield', () => {
    const html = `<div>4492 os.</div><div>40 min.</div><div>8 os.</div><p>2 Portionen</p>`;
    expect(findLabelledValues(parseHtml(html)).servings).toBe(8);
  });

  it('ignores labels without a usable value', () => {
    const html = `<p>Total</p><p>Energy</p><p>Makes a great gift</p><p>Total Fat 10</p>`;
    expect(findLabelledValues(parseHtml(html))).toEqual({
      servings: null,
      prepTime: null,
      cookTime: null,
      totalTime: null,
    });
  });
});
