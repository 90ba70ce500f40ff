import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isReservedWord } from '#shared/constants/reserved-words.ts';

// The router is read as source, not imported: importing it would pull React and every page into node.
const ROUTER_FILE = new URL('../../../client/app/router.tsx', import.meta.url);

/** The string value of an object literal's `path` property, if it has one written as a literal. */
function pathOf(route: ts.ObjectLiteralExpression): string | undefined {
  for (const property of route.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === 'path') {
      if (!ts.isStringLiteralLike(property.initializer)) {
        throw new Error(`A route path is not a string literal: ${property.initializer.getText()}`);
      }
      return property.initializer.text;
    }
  }
  return undefined;
}

function childrenOf(route: ts.ObjectLiteralExpression): ts.ArrayLiteralExpression | undefined {
  for (const property of route.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === 'children') {
      if (!ts.isArrayLiteralExpression(property.initializer))
        throw new Error('Route children are not an array literal');
      return property.initializer;
    }
  }
  return undefined;
}

/**
 * Every full path of the route objects in `list`, children joined to their parents' paths as
 * React Router does (a child path starting with '/' is absolute).
 */
function fullPaths(list: ts.ArrayLiteralExpression, parent: string): string[] {
  const paths: string[] = [];
  for (const element of list.elements) {
    if (!ts.isObjectLiteralExpression(element))
      throw new Error(`A route is not an object literal: ${element.getText()}`);
    const own = pathOf(element);
    const path = own === undefined ? parent : own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
    if (own !== undefined) paths.push(path);
    const children = childrenOf(element);
    if (children) paths.push(...fullPaths(children, path));
  }
  return paths;
}

/** The first path segment of every route of the client's router, dynamic ones (':x', '*') left out. */
function routerFirstSegments(): string[] {
  const source = ts.createSourceFile(
    'router.tsx',
    readFileSync(ROUTER_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  let routes: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'routes' && node.initializer) {
      if (ts.isArrayLiteralExpression(node.initializer)) routes = node.initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!routes) throw new Error('client/app/router.tsx no longer declares `const routes = [...]`');
  const segments = fullPaths(routes, '/')
    .map((path) => path.split('/').find((segment) => segment !== ''))
    .filter((segment): segment is string => segment !== undefined && !/^[:*]/.test(segment));
  return [...new Set(segments)].sort();
}

describe("the client router's first-level paths", () => {
  const segments = routerFirstSegments();

  it('are read from the router source (a parse that finds nothing would prove nothing)', () => {
    expect(segments.length).toBeGreaterThan(20);
    expect(segments).toEqual(expect.arrayContaining(['login', 'settings', 'group', 'search', 'reset-password']));
  });

  it('are every one a reserved word, so no username or group slug can take a page’s address', () => {
    expect(segments.filter((segment) => !isReservedWord(segment))).toEqual([]);
  });
});
