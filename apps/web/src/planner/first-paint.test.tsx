// @vitest-environment jsdom
import { AGENDA_OVERSCAN, AGENDA_ROW_ESTIMATE, RECIPE_OVERSCAN, RECIPE_ROW_ESTIMATE } from '@mealplan/core';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgendaPanel } from '../agenda';
import { RecipesPanel } from '../recipes';
import { installDomStubs, recipesDoc, renderPlan } from './test-utils';

// Every list is 600 px high here.
const VIEW = 600;
beforeAll(() => installDomStubs(VIEW));
afterEach(cleanup);

const count = (selector: string) => document.querySelectorAll(selector).length;
const recipes = recipesDoc(
  ...Array.from({ length: 120 }, (_, i) => ({ name: `Recipe ${i + 1}`, inCookbook: false })),
);

describe('the plan\'s lists on their first render (docs/ARCHITECTURE.md "Large accounts")', () => {
  it('draw the agenda days in view first, and the rows kept ready for scrolling after that paint', async () => {
    renderPlan(<AgendaPanel />, { docs: { recipes } });
    const inView = Math.ceil(VIEW / AGENDA_ROW_ESTIMATE) + 1;
    expect(count('.day-row')).toBeGreaterThan(0);
    expect(count('.day-row')).toBeLessThanOrEqual(inView);
    await waitFor(() => expect(count('.day-row')).toBeGreaterThanOrEqual(inView + AGENDA_OVERSCAN));
  });

  it('draw the recipes in view first, and the rows kept ready for scrolling after that paint', async () => {
    renderPlan(<RecipesPanel draggable />, { docs: { recipes } });
    const inView = Math.ceil(VIEW / RECIPE_ROW_ESTIMATE) + 1;
    expect(count('.recipe-row')).toBeGreaterThan(0);
    expect(count('.recipe-row')).toBeLessThanOrEqual(inView);
    await waitFor(() => expect(count('.recipe-row')).toBeGreaterThanOrEqual(inView + RECIPE_OVERSCAN - 1));
  });
});
