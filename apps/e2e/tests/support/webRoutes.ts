import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Every path pattern of the web app's router (apps/web/src/routes/routes.tsx), read from its source
 * with the TypeScript parser: nested `path`s joined, `children` followed (array literals and arrays
 * named by a constant of the file, e.g. `...panelRoutes`), index routes included. A route added to
 * the router is visited by the layout guard without touching the guard.
 */
export function webRoutePatterns(): string[] {
  const file = fileURLToPath(new URL('../../../web/src/routes/routes.tsx', import.meta.url));
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const constants = new Map<string, ts.Expression>();
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      constants.set(node.name.text, node.initializer);
    node.forEachChild(visit);
  });
  const resolve = (node: ts.Expression): ts.Expression => {
    let current = node;
    while (
      ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isParenthesizedExpression(current)
    )
      current = current.expression;
    return ts.isIdentifier(current) && constants.has(current.text)
      ? resolve(constants.get(current.text)!)
      : current;
  };
  const patterns = new Set<string>();
  const join = (parent: string, path: string) =>
    path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
  const walkArray = (node: ts.Expression, parent: string) => {
    const array = resolve(node);
    if (!ts.isArrayLiteralExpression(array)) throw new Error(`routes.tsx: cannot read ${node.getText()}`);
    for (const element of array.elements) {
      if (ts.isSpreadElement(element)) walkArray(element.expression, parent);
      else {
        const route = resolve(element);
        if (ts.isObjectLiteralExpression(route)) walkRoute(route, parent);
      }
    }
  };
  const walkRoute = (route: ts.ObjectLiteralExpression, parent: string) => {
    let path: string | undefined;
    let index = false;
    let children: ts.Expression | undefined;
    for (const property of route.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      const name = property.name.text;
      if (name === 'path' && ts.isStringLiteral(property.initializer)) path = property.initializer.text;
      if (name === 'index' && property.initializer.kind === ts.SyntaxKind.TrueKeyword) index = true;
      if (name === 'children') children = property.initializer;
    }
    const full = path === undefined ? parent : join(parent, path);
    if (path !== undefined || index) patterns.add(full || '/');
    if (children) walkArray(children, full);
  };
  const table = constants.get('routes');
  if (!table) throw new Error('routes.tsx exports no `routes`');
  walkArray(table, '');
  return [...patterns].sort();
}

/**
 * A pattern made a URL with the seeded objects; a parameter the guard does not know fails the run
 * (a new route with a new parameter must say what to fill in).
 */
export function fillPattern(pattern: string, values: Record<string, string>): string {
  const segments = pattern.split('/').map((segment, i, all) => {
    // two segments: a splat beside a one-segment `:param` sibling (`tag/*` beside `tag/:id`) is
    // visited as itself, not as the sibling's page of an unknown object
    if (segment === '*') return 'no-such/page';
    if (!segment.startsWith(':')) return segment;
    const name = segment.slice(1);
    // `/tag/:id` and `/link/:id` name different objects
    const key = name === 'id' ? `${all[i - 1]}Id` : name;
    const value = values[key];
    if (value === undefined) throw new Error(`the layout guard has no value for :${name} in ${pattern}`);
    return value;
  });
  return segments.join('/') || '/';
}
