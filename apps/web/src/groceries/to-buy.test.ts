import { DEFAULT_STORE_ID, aisleRows, groceryActions, sortedAisles } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import { inShoppingOrder, listText, listToBuy } from './to-buy';
import { addAisle, addItem, buildGroceries, onItem } from './testing.test-helpers';

const tick = (name: string) => onItem(name, (id, env) => groceryActions.setDone(id, true, env));

/** Main (Coffee), Produce (Apples ×6, Bananas, Carrots), Dairy (Milk), Bakery (nothing). */
const weekly = (...more: Parameters<typeof buildGroceries>) =>
  buildGroceries(
    addAisle('Produce'),
    addAisle('Dairy'),
    addAisle('Bakery'),
    addItem('Coffee'),
    addItem('Carrots', 'Produce'),
    addItem('Apples', 'Produce'),
    addItem('Bananas', 'Produce'),
    ...Array.from({ length: 5 }, () => onItem('Apples', (id, env) => groceryActions.incrementItem(id, env))),
    addItem('Milk', 'Dairy'),
    (_doc, env) => groceryActions.renameStore(DEFAULT_STORE_ID, 'Corner shop', env),
    ...more,
  ).stores[DEFAULT_STORE_ID]!;

describe('listText', () => {
  it('writes the store, then each aisle with its items as "- name (quantity)" lines', () => {
    expect(listText(listToBuy(weekly()))).toBe(
      [
        'Corner shop',
        '',
        'Main',
        '- Coffee (1)',
        '',
        'Produce',
        '- Apples (6)',
        '- Bananas (1)',
        '- Carrots (1)',
        '',
        'Dairy',
        '- Milk (1)',
      ].join('\n'),
    );
  });

  it('leaves out ticked items, and aisles with nothing left to buy', () => {
    const text = listText(listToBuy(weekly(tick('Bananas'), tick('Milk'))));
    expect(text).toBe(
      ['Corner shop', '', 'Main', '- Coffee (1)', '', 'Produce', '- Apples (6)', '- Carrots (1)'].join('\n'),
    );
  });

  it('is the store name alone when everything is ticked, and names an unnamed store and aisle', () => {
    const store = weekly(tick('Coffee'), tick('Apples'), tick('Bananas'), tick('Carrots'), tick('Milk'));
    expect(listText(listToBuy(store))).toBe('Corner shop');
    const unnamed = buildGroceries(
      (_doc, env) => groceryActions.renameStore(DEFAULT_STORE_ID, '  ', env),
      addAisle(''),
      (doc, env) => groceryActions.addItem(sortedAisles(doc.stores[DEFAULT_STORE_ID]!)[1]!.id, 'Salt', env),
    ).stores[DEFAULT_STORE_ID]!;
    expect(listText(listToBuy(unnamed))).toBe('New store\n\nUnnamed aisle\n- Salt (1)');
  });
});

describe('the shop floor order', () => {
  it('puts ticked items at the end of their aisle, each group in the aisle order', () => {
    const store = weekly(tick('Apples'), tick('Carrots'));
    const produce = sortedAisles(store)[1]!;
    expect(aisleRows(produce, 'shopping').map((item) => item.name)).toEqual(['Apples', 'Bananas', 'Carrots']);
    expect(inShoppingOrder(aisleRows(produce, 'shopping')).map((item) => item.name)).toEqual([
      'Bananas',
      'Apples',
      'Carrots',
    ]);
  });

  it('puts an unticked item back where it was', () => {
    const ticked = sortedAisles(weekly(tick('Apples')))[1]!;
    const unticked = sortedAisles(
      weekly(
        tick('Apples'),
        onItem('Apples', (id, env) => groceryActions.setDone(id, false, env)),
      ),
    )[1]!;
    expect(inShoppingOrder(aisleRows(ticked, 'shopping')).map((item) => item.name)).toEqual([
      'Bananas',
      'Carrots',
      'Apples',
    ]);
    expect(inShoppingOrder(aisleRows(unticked, 'shopping')).map((item) => item.name)).toEqual([
      'Apples',
      'Bananas',
      'Carrots',
    ]);
  });
});
