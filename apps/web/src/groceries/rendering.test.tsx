// @vitest-environment jsdom
/**
 * The page must stay quick with a long list: a change to one item re-renders that item's row, not
 * every row. The renders are read from React itself: the test stands in for React DevTools, which
 * React tells about every commit, and lists the rows (ItemRow, ShoppingRow) React rendered in it,
 * using the same test DevTools uses (a fiber that performed work in the commit).
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addAisle,
  addItem,
  buildGroceries,
  renderGroceries,
  useGroceriesTestSetup,
} from './testing.test-helpers';

interface Fiber {
  elementType: unknown;
  type: unknown;
  memoizedProps: { item?: { name: string } } | null;
  alternate: Fiber | null;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

/** Names of the grocery rows rendered in each commit since the last `clear()`. */
const rows = vi.hoisted(() => {
  const ROW_COMPONENTS = new Set(['ItemRow', 'ShoppingRow']);
  const PERFORMED_WORK = 1; // React's fiber flag for "this component rendered in this commit"
  const names: string[] = [];
  const nameOf = (type: unknown) => (typeof type === 'function' ? type.name : undefined);
  const visit = (fiber: Fiber | null) => {
    for (let node = fiber; node; node = node.sibling) {
      const row = node.memoizedProps?.item?.name;
      const rendered = !node.alternate || (node.flags & PERFORMED_WORK) !== 0;
      if (row && rendered && ROW_COMPONENTS.has(nameOf(node.type) ?? '')) names.push(row);
      visit(node.child);
    }
  };
  // Installed before react-dom loads, as DevTools is; React calls it after every commit.
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => visit(root.current),
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
  };
  return { names, clear: () => names.splice(0) };
});

beforeEach(() => rows.clear());

describe('Groceries page rendering', () => {
  useGroceriesTestSetup();

  it('re-renders only the changed row when an item changes', async () => {
    const user = userEvent.setup();
    renderGroceries(
      buildGroceries(
        addAisle('Dairy'),
        addItem('Milk', 'Dairy'),
        addItem('Butter', 'Dairy'),
        ...Array.from({ length: 20 }, (_, i) => addItem(`Item ${i}`)),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Quantity of Milk: 1' }));
    rows.clear();

    await user.click(screen.getByRole('button', { name: 'Increase Milk' }));

    expect(screen.getByRole('button', { name: 'Quantity of Milk: 2' })).toBeTruthy();
    expect(new Set(rows.names)).toEqual(new Set(['Milk']));
  });

  it('re-renders no row while a new item is being typed', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Milk'), addItem('Eggs')));
    expect(new Set(rows.names)).toEqual(new Set(['Milk', 'Eggs'])); // the counter sees the first render
    rows.clear();
    await user.type(screen.getAllByRole('textbox', { name: 'New item in Main' })[0]!, 'Sugar');
    expect(screen.getAllByRole('textbox', { name: 'New item in Main' })[0]).toHaveProperty('value', 'Sugar');
    expect(rows.names).toEqual([]);
  });

  it('re-renders only the ticked row in shopping mode', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Milk'), addItem('Eggs'), addItem('Flour')));
    await user.click(screen.getByRole('radio', { name: 'Shopping' }));
    rows.clear();
    await user.click(screen.getByRole('checkbox', { name: /^Eggs/ }));
    expect(new Set(rows.names)).toEqual(new Set(['Eggs']));
  });
});
