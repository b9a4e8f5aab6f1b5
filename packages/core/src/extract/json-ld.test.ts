import { describe, expect, it } from 'vitest';
import { findJsonLdRecipes, isRecipe, parseJsonLenient, readJsonLdBlocks, typesOf } from './json-ld.js';

const script = (json: string, type = 'application/ld+json') => `<script type="${type}">${json}</script>`;

describe('parseJsonLenient', () => {
  it('parses valid JSON as is', () => {
    expect(parseJsonLenient('{"a": [1, "b"]}')).toEqual({ a: [1, 'b'] });
  });

  it('accepts raw line breaks inside strings, keeping them as line breaks', () => {
    expect(parseJsonLenient('{"recipeIngredient": ["1 cup flour\n2 eggs"],\n "name": "Tab\there"}')).toEqual({
      recipeIngredient: ['1 cup flour\n2 eggs'],
      name: 'Tab\there',
    });
  });

  it('accepts trailing commas, comment and CDATA wrappers, and objects in a row', () => {
    expect(parseJsonLenient('{"a": 1, "b": [2, 3,],}')).toEqual({ a: 1, b: [2, 3] });
    expect(parseJsonLenient('<!-- {"a": 1} -->')).toEqual({ a: 1 });
    expect(parseJsonLenient('//<![CDATA[\n{"a": 1}\n//]]>')).toEqual({ a: 1 });
    expect(parseJsonLenient('{"a": 1}\n{"b": 2}')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('gives undefined for text that is not JSON', () => {
    expect(parseJsonLenient('')).toBeUndefined();
    expect(parseJsonLenient('{"a": ')).toBeUndefined();
    expect(parseJsonLenient('var x = 1;')).toBeUndefined();
  });
});

describe('readJsonLdBlocks', () => {
  it('reads only JSON-LD scripts, whatever the attribute quoting and case', () => {
    const html = [
      script('{"a": 1}'),
      `<SCRIPT TYPE='application/ld+json' id="x">{"b": 2}</SCRIPT>`,
      '<script type=application/ld+json>{"c": 3}</script>',
      script('{"d": 4}', 'application/json'),
      '<script>var e = 5;</script>',
      script('{broken'),
    ].join('');
    expect(readJsonLdBlocks(html)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });
});

describe('typesOf and isRecipe', () => {
  it('reads bare, prefixed and listed types', () => {
    expect(typesOf({ '@type': 'http://schema.org/Recipe' })).toEqual(['Recipe']);
    expect(typesOf({ '@type': ['Recipe', 'NewsArticle'] })).toEqual(['Recipe', 'NewsArticle']);
    expect(isRecipe({ '@type': 'schema:Recipe' })).toBe(true);
    expect(isRecipe({ '@type': 'recipe' })).toBe(true);
    expect(isRecipe({ '@type': 'RecipeCollection' })).toBe(false);
    expect(isRecipe({ name: 'no type' })).toBe(false);
  });
});

describe('findJsonLdRecipes', () => {
  const recipe = (name: string) => ({ '@type': 'Recipe', name, recipeIngredient: ['salt'] });

  it('finds a recipe at the top level, in an array, in @graph and nested in another node', () => {
    const html = [
      script(JSON.stringify(recipe('Top'))),
      script(JSON.stringify([{ '@type': 'WebSite' }, recipe('Listed')])),
      script(
        JSON.stringify({
          '@context': 'https://schema.org',
          '@graph': [{ '@type': 'Person' }, recipe('Graph')],
        }),
      ),
      script(JSON.stringify({ '@type': 'WebPage', mainEntity: recipe('Nested') })),
    ].join('\n');
    expect(findJsonLdRecipes(html).recipes.map((r) => r['name'])).toEqual([
      'Top',
      'Listed',
      'Graph',
      'Nested',
    ]);
  });

  it('finds recipes typed together with another type', () => {
    const html = script(
      JSON.stringify({ '@type': ['Recipe', 'NewsArticle'], name: 'Both', recipeIngredient: [] }),
    );
    expect(findJsonLdRecipes(html).recipes).toHaveLength(1);
  });

  it('resolves @id references to the full node and leaves unknown ones alone', () => {
    const graph = {
      '@graph': [
        { '@type': 'ImageObject', '@id': 'https://x.test/#img', url: 'https://x.test/soup.jpg' },
        { ...recipe('Soup'), image: { '@id': 'https://x.test/#img' } },
      ],
    };
    const { recipes, lookup } = findJsonLdRecipes(script(JSON.stringify(graph)));
    expect(lookup(recipes[0]?.['image'])).toMatchObject({ url: 'https://x.test/soup.jpg' });
    expect(lookup({ '@id': 'nowhere' })).toEqual({ '@id': 'nowhere' });
    expect(lookup('text')).toBe('text');
  });

  it('skips bare references to a recipe so each recipe is found once', () => {
    const html = script(
      JSON.stringify({
        '@graph': [recipe('Soup'), { '@type': 'WebPage', mainEntity: { '@type': 'Recipe', '@id': '#r' } }],
      }),
    );
    expect(findJsonLdRecipes(html).recipes.map((r) => r['name'])).toEqual(['Soup']);
  });

  it('finds nothing on a page without JSON-LD or with broken JSON-LD', () => {
    expect(findJsonLdRecipes('<html><body>Soup</body></html>').recipes).toEqual([]);
    expect(findJsonLdRecipes(script('{"@type": "Recipe", "name": ')).recipes).toEqual([]);
  });
});
