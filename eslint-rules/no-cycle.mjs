// @ts-check
/**
 * `mealplan/no-cycle`: no module may import, directly or through others, a module that imports it
 * back (docs/WEB-MODULES.md, docs/ARCHITECTURE.md). Relative imports only (packages are not ours
 * to untangle); static, type-only, re-exports and dynamic `import()` all count. The other files
 * are read from disk, once per lint run.
 */
import fs from 'node:fs';
import path from 'node:path';

const SPECIFIERS =
  /(?:^|[\s;}])(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'];

/** @type {Map<string, string | null>} */
const resolved = new Map();
/** @type {Map<string, string[]>} */
const importsOf = new Map();

/** The source file a relative specifier names (`./a.js` may be `./a.ts`), or null (a stylesheet, a missing file). */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  if (resolved.has(base)) return resolved.get(base) ?? null;
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    ...EXTENSIONS.map((ext) => stem + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const found = candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
  resolved.set(base, found);
  return found;
}

/** The files `file` imports, by reading it from disk. */
function importsFromDisk(file) {
  let list = importsOf.get(file);
  if (list) return list;
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  list = [];
  for (const match of text.matchAll(SPECIFIERS)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target) list.push(target);
  }
  importsOf.set(file, list);
  return list;
}

/** A path of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set();
  /** @type {(file: string, trail: string[]) => string[] | null} */
  const visit = (file, trail) => {
    if (file === goal) return trail;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const next of importsFromDisk(file)) {
      const found = visit(next, [...trail, next]);
      if (found) return found;
    }
    return null;
  };
  return visit(start, [start]);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the modules of this repository' },
    messages: { cycle: 'Import cycle: {{path}}' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      if (!target) return;
      const trail = pathBack(target, file);
      if (!trail) return;
      const shown = [file, ...trail].map((f) => path.relative(context.cwd, f)).join(' -> ');
      context.report({ node, messageId: 'cycle', data: { path: shown } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
