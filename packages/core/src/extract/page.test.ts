import { describe, expect, it } from 'vitest';
import { parseHtml } from './html.js';
import { findNamedBlocks, pageTitle, readPageMeta } from './page.js';

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

  it.each([
    ['Bootstrap tabs', 'class="tab-pane fade"', 'class="tab-pane fade show active"'],
    ['ARIA tab panels', 'role="tabpanel" class="panel" hidden', 'role="tabpanel" class="panel is-active"'],
  ])('reads only the shown tab of an ingredient block (%s)', (_name, hidden, shown) => {
    const html = `<div class="ingredients"><div class="tabs">
      <div ${hidden}><ul><li>8.8oz flour</li><li>2 eggs</li></ul></div>
      <div ${shown}><ul><li>250g flour</li><li>2 eggs</li></ul></div>
      <div ${hidden}><ul><li>whisk</li></ul></div></div></div>`;
    expect(findNamedBlocks(parseHtml(html), META).ingredients).toEqual(['250g flour', '2 eggs']);
  });

  it('keeps every tab when the page marks none as shown', () => {
    const html = `<div class="ingredients"><div class="tab-pane"><ul><li>Dough: flour</li></ul></div>
      <div class="tab-pane"><ul><li>Filling: jam</li></ul></div></div>`;
    expect(findNamedBlocks(parseHtml(html), META).ingredients).toEqual(['Dough: flour', 'Filling: jam']);
  });

  it('leaves out allergen, storage and equipment notes inside a guessed ingredient block', () => {
    const html = `<section id="ingredients"><ul><li>4x garlic clove</li><li>150 g lettuce</li></ul>
      <div id="allergens-dropdown"><ul><li>Lettuce Traces: gluten</li></ul></div>
      <div class="storage-info"><ul><li>Keep cool</li></ul></div>
      <ul class="kitchen-list"><li>salt</li></ul><ul class="equipment"><li>oven</li></ul></section>`;
    expect(findNamedBlocks(parseHtml(html), META).ingredients).toEqual([
      '4x garlic clove',
      '150 g lettuce',
      'salt',
    ]);
  });
});

const META = { previewTitle: null, documentTitle: null, image: null, url: null };
