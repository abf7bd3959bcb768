/**
 * One writer each for an order's status and a size's stock (docs/architecture.md "Order lifecycle"
 * and "Stock"; docs/decisions/0011-stock-ledger.md): `orders.status` is written only by
 * modules/orders/lifecycle.ts, `variants.stock_qty` is changed only by modules/inventory/ledger.ts.
 * These tests read every source file under src/server (tests excluded) with the TypeScript parser and
 * fail naming the file and line of any other write:
 * - Drizzle: `.update(orders)` / `.update(variants)` (the schema's tables, under any import name)
 *   whose `.set(...)` may hold `status` / `stockQty`: an object literal with that key, a spread or a
 *   value the scan cannot see into counts as a write (name the key explicitly elsewhere);
 *   `.insert(...).onConflictDoUpdate(...)` on those tables likewise;
 * - SQL text (sql`…` templates, sql.raw strings): `update orders … set … status` and `update
 *   variants … set … stock_qty`, the table written as a name or as `${orders}` / `${variants}`.
 * Inserting a new row (an order placed with its first status, a new size with its opening stock,
 * recorded by `recordOpeningStock`) is not a change of an existing value and is not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

interface Watched {
  /** The schema's export name of the table. */
  table: string;
  /** The column's Drizzle key and its SQL name. */
  key: string;
  sqlColumn: RegExp;
}

const ORDER_STATUS: Watched = { table: 'orders', key: 'status', sqlColumn: /\bstatus\b/i };
const STOCK_QTY: Watched = { table: 'variants', key: 'stockQty', sqlColumn: /stock_?qty\b/i };

const SERVER = path.resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The local names the file gives the schema's `table` (named or namespace imports of db/schema). */
function tableNames(file: ts.SourceFile, table: string): { names: Set<string>; namespaces: Set<string> } {
  const names = new Set<string>();
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)(db\/)?schema$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === table) names.add(el.name.text);
    }
  }
  // Inside db/schema.ts itself the table is its own declaration.
  if (file.fileName.endsWith(`${path.sep}db${path.sep}schema.ts`)) names.add(table);
  return { names, namespaces };
}

/** The text of a template with each `${expr}` kept as written, so `${orders}` reads as the table. */
function templateText(node: ts.TemplateExpression | ts.NoSubstitutionTemplateLiteral | ts.StringLiteral): string {
  if (!ts.isTemplateExpression(node)) return node.text;
  return node.head.text + node.templateSpans.map((s) => `\${${s.expression.getText()}}${s.literal.text}`).join('');
}

/** Whether an object the scan can see may hold `key`: true for a key present, a spread or an unknown value. */
function mayHold(expr: ts.Expression, key: string, file: ts.SourceFile, depth = 0): boolean {
  if (depth > 4) return true;
  while (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) expr = expr.expression;
  if (ts.isObjectLiteralExpression(expr)) {
    return expr.properties.some((p) => {
      if (ts.isSpreadAssignment(p)) return mayHold(p.expression, key, file, depth + 1);
      const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
      return name === undefined || name === key;
    });
  }
  // A local value or a call of a local function: look at what it is built from.
  const target = ts.isCallExpression(expr) ? expr.expression : expr;
  if (ts.isIdentifier(target)) {
    const found = findDeclaration(file, target.text);
    if (found) return mayHold(found, key, file, depth + 1);
  }
  return true;
}

/** The initializer of a `const name = …` in the file (an arrow function's returned object for a function). */
function findDeclaration(file: ts.SourceFile, name: string): ts.Expression | undefined {
  let result: ts.Expression | undefined;
  const visit = (node: ts.Node) => {
    if (result) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      let init = node.initializer;
      if (ts.isArrowFunction(init) && !ts.isBlock(init.body)) init = init.body;
      if (!ts.isArrowFunction(init) && !ts.isFunctionExpression(init)) result = init;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return result;
}

/** The Drizzle chain's later calls (`.update(t).set(x).where(…)`): each method name with its arguments. */
function chainAfter(call: ts.CallExpression): { method: string; args: readonly ts.Expression[] }[] {
  const out: { method: string; args: readonly ts.Expression[] }[] = [];
  let node: ts.Node = call;
  while (ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent)) {
    out.push({ method: node.parent.name.text, args: node.parent.parent.arguments });
    node = node.parent.parent;
  }
  return out;
}

/** Every place in `text` (a file's source, named `fileName`) that writes the watched column, as "file:line what". */
export function findWrites(fileName: string, text: string, watched: Watched): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const { names, namespaces } = tableNames(file, watched.table);
  const isTable = (e: ts.Expression) =>
    (ts.isIdentifier(e) && names.has(e.text)) ||
    (ts.isPropertyAccessExpression(e) &&
      e.name.text === watched.table &&
      ts.isIdentifier(e.expression) &&
      namespaces.has(e.expression.text));
  // The table in SQL text: its name, or `${name}` under any name the file imports it as.
  const locals = [...new Set([watched.table, ...names])].join('|');
  const table = `(?:\\$\\{\\s*(?:\\w+\\.)?(?:${locals})\\s*\\}|(?:"?public"?\\.)?"?${watched.table}"?)`;
  const updateSql = new RegExp(
    `\\bupdate\\s+(?:only\\s+)?${table}(?:\\s+(?:as\\s+)?(?!set\\b)\\w+)?\\s+set\\b([\\s\\S]*?)(?=\\bwhere\\b|\\bfrom\\b|\\breturning\\b|$)`,
    'gi',
  );
  const writes: string[] = [];
  const at = (node: ts.Node, what: string) =>
    writes.push(`${path.relative(SERVER, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.arguments.length > 0 &&
      isTable(node.arguments[0])
    ) {
      const method = node.expression.name.text;
      const later = chainAfter(node);
      if (method === 'update') {
        const set = later.find((c) => c.method === 'set');
        if (!set || set.args.length === 0 || mayHold(set.args[0], watched.key, file))
          at(node, `.update(${watched.table}).set(…${watched.key}…)`);
      } else if (method === 'insert' && later.some((c) => c.method === 'onConflictDoUpdate')) {
        at(node, `.insert(${watched.table}).onConflictDoUpdate(…)`);
      }
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      for (const match of templateText(node).matchAll(updateSql)) {
        if (watched.sqlColumn.test(match[1])) at(node, `SQL: ${match[0].replace(/\s+/g, ' ').slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return writes;
}

function writesOutside(allowed: string, watched: Watched): string[] {
  return sourceFiles(SERVER)
    .filter((f) => path.relative(SERVER, f) !== allowed)
    .flatMap((f) => findWrites(f, readFileSync(f, 'utf8'), watched));
}

describe('one writer of orders.status: modules/orders/lifecycle.ts', () => {
  it('no other source file under src/server writes orders.status', () => {
    expect(writesOutside(path.join('modules', 'orders', 'lifecycle.ts'), ORDER_STATUS)).toEqual([]);
  });

  it('the lifecycle itself is seen writing it (the scan finds what it looks for)', () => {
    const lifecycle = path.join(SERVER, 'modules', 'orders', 'lifecycle.ts');
    expect(findWrites(lifecycle, readFileSync(lifecycle, 'utf8'), ORDER_STATUS).length).toBeGreaterThan(0);
  });

  it('finds each way of writing it', () => {
    const head = `import { orders as o, users } from '../../db/schema';\nimport * as schema from '../../db/schema';\n`;
    const found = (body: string) => findWrites(path.join(SERVER, 'x.ts'), head + body, ORDER_STATUS).length;
    expect(found(`await tx.update(o).set({ status: 'cancelled' }).where(x);`)).toBe(1);
    expect(found(`await tx.update(schema.orders).set({ updatedAt: now, 'status': to });`)).toBe(1);
    expect(found(`const extra = { status: to };\nawait tx.update(o).set({ ...extra, updatedAt: now });`)).toBe(1);
    expect(found(`await tx.update(o).set(changes);`)).toBe(1);
    expect(found(`await tx.execute(sql\`update orders set updated_at = now(), status = 'refunded' where id = \${id}\`);`)).toBe(1);
    expect(found(`await tx.execute(sql\`UPDATE \${o} o SET \${o.status} = \${to} WHERE o.id = \${id}\`);`)).toBe(1);
    expect(found(`await tx.execute(sql.raw("update public.orders set status = 'x'"));`)).toBe(1);
    // Not writes of the status:
    expect(found(`await tx.update(o).set({ invoiceNumber: n, paymentStatus: 'collected' });`)).toBe(0);
    expect(found(`await tx.update(users).set({ status: 'x' });`)).toBe(0);
    expect(found(`await tx.execute(sql\`update orders set payment_status = 'collected' where status = 'delivered'\`);`)).toBe(0);
    expect(found(`await tx.insert(o).values({ status: 'placed' });`)).toBe(0);
  });
});

describe('one writer of variants.stock_qty: modules/inventory/ledger.ts', () => {
  it('no other source file under src/server changes variants.stock_qty', () => {
    expect(writesOutside(path.join('modules', 'inventory', 'ledger.ts'), STOCK_QTY)).toEqual([]);
  });

  it('the ledger itself is seen writing it (the scan finds what it looks for)', () => {
    const ledger = path.join(SERVER, 'modules', 'inventory', 'ledger.ts');
    expect(findWrites(ledger, readFileSync(ledger, 'utf8'), STOCK_QTY).length).toBeGreaterThanOrEqual(3);
  });

  it('finds each way of writing it', () => {
    const head = `import { variants } from '../../db/schema';\n`;
    const found = (body: string) => findWrites(path.join(SERVER, 'x.ts'), head + body, STOCK_QTY).length;
    expect(found(`await tx.update(variants).set({ stockQty: 3 });`)).toBe(1);
    expect(found(`const values = (w) => ({ size: w.size, stockQty: w.stock });\nawait tx.update(variants).set({ ...values(w) });`)).toBe(1);
    expect(found(`await tx.execute(sql\`update variants set stock_qty = stock_qty - 1 where id = \${id}\`);`)).toBe(1);
    expect(
      found(`sql\`taken as (update \${variants} set \${id(variants.stockQty)} = \${variants.stockQty} - wanted.quantity from x)\``),
    ).toBe(1);
    expect(found(`await tx.insert(variants).values(rows).onConflictDoUpdate({ target: variants.sku, set: { size: 'M' } });`)).toBe(1);
    // Not changes of the stock:
    expect(
      found(`const values = (w) => ({ size: w.size, isActive: true });\nawait tx.update(variants).set({ ...values(w), updatedAt: now });`),
    ).toBe(0);
    expect(found(`await tx.update(variants).set({ isActive: false }).where(lte(variants.stockQty, 0));`)).toBe(0);
    expect(found(`await tx.insert(variants).values({ size: 'M', stockQty: 4 });`)).toBe(0);
  });
});
