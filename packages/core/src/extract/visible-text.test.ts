import { describe, expect, it } from 'vitest';
import { parseHtml } from './html.js';
import { findLabelledValues, findUnderTitle } from './visible-text.js';

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

  it('reads only the shown tab when the list comes in several units', () => {
    const html = `<h3>Ingredients</h3><ul class="nav"><li><a href="#us">US</a></li><li><a href="#m">METRIC</a></li></ul>
      <div class="tab-content"><div class="tab-pane fade" id="us"><p>8.8oz flour</p><p>1 egg</p></div>
      <div class="tab-pane fade show active" id="m"><p>250g flour</p><p>1 egg</p></div></div>
      <h3>Method</h3><p>Mix.</p>`;
    expect(findUnderTitle(parseHtml(html), 'ingredients')).toEqual(['250g flour', '1 egg']);
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

  it('reads the steps under a "Procedure" heading', () => {
    const html = `<h2>Ingredients</h2><ul><li>1 cup rice</li></ul>
      <h2><span class="mw-headline">Procedure</span> <span class="mw-editsection">[<a href="#e">edit</a>]</span></h2><ol><li>Rinse the rice.</li><li>Simmer 18 minutes.</li></ol>`;
    expect(findUnderTitle(parseHtml(html), 'instructions')).toEqual([
      'Rinse the rice.',
      'Simmer 18 minutes.',
    ]);
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

  it('reads a value the page splits into number and unit elements, hours and minutes', () => {
    const html = `<ul><li><p>Prep</p><p>20</p><p>min</p></li>
      <li><p>Total</p><p>3</p><p>hr</p><p>35</p><p>min</p></li></ul>`;
    expect(findLabelledValues(parseHtml(html))).toMatchObject({ prepTime: 20, totalTime: 215 });
  });

  it('takes no time from a line of prose that starts with a label word', () => {
    const html = `<p>Ajoutez le lait et poursuivez la<br>cuisson 5 min à couvert.</p>
      <p>Cook 10 minutes more until thick</p><p>Cookies 12</p>`;
    expect(findLabelledValues(parseHtml(html))).toMatchObject({ cookTime: null, totalTime: null });
  });

  it('reads only the duration after a colon', () => {
    const html = `<p>Prep: 10 min, then chill</p><p>Tidsmængde: 2 timer Antal: 8 pers.</p>`;
    expect(findLabelledValues(parseHtml(html))).toMatchObject({ prepTime: 10, totalTime: 120 });
  });

  it('skips lines that are pieces of the recipe’s steps', () => {
    const html = `<div class="steps"><p>Bake 25 minutes.</p></div><div><b>Total</b> <span>2 hours</span></div>`;
    const steps = ['Heat the oven to 180°C.', 'Bake 25 minutes.'];
    expect(findLabelledValues(parseHtml(html), steps)).toMatchObject({ cookTime: null, totalTime: 120 });
    expect(findLabelledValues(parseHtml(html))).toMatchObject({ cookTime: 25, totalTime: 120 });
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
