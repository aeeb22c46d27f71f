import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The code's shape: no function in src/ or workers/ runs past MAX_LINES
 * lines. A longer one holds several steps that deserve names of their own
 * (issue 42). Parsing only (no type checking), so the whole tree takes well
 * under a second.
 */
const ROOT = join(import.meta.dirname, '../..');
const MAX_LINES = 100;

interface LongFunction {
  readonly where: string;
  readonly name: string;
  readonly lines: number;
}

/** Every function, method, accessor, constructor and arrow function with a body longer than `most` lines (from its first token to its last, comments above it not counted). */
function longFunctions(fileName: string, text: string, most: number): LongFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = lineOf(node.getStart(source));
      const lines = lineOf(node.end) - first + 1;
      if (lines > most) found.push({ where: `${fileName}:${first + 1}`, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A function's own name, or the name it is bound to (const f = () => …, { f: function () … }). */
function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText(source);
  return ts.isConstructorDeclaration(node) ? 'constructor' : '(anonymous)';
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|cts|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('code shape', () => {
  it(`no function in src/ or workers/ is longer than ${MAX_LINES} lines`, () => {
    const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'workers'))];
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) => longFunctions(relative(ROOT, file), readFileSync(file, 'utf8'), MAX_LINES));
    // Named in the failure, each with where it starts: split it into named steps.
    expect(long.map(({ where, name, lines }) => `${where} ${name}: ${lines} lines`)).toEqual([]);
  });

  it('counts every kind of function, from its first token to its last', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  x += ${i};`).join('\n');
    const text = [
      `/** A comment above is not counted. */\nfunction declared(x: number) {\n${body(101)}\n}`,
      `const arrow = (x: number) => {\n${body(101)}\n};`,
      `class C {\n  method(x: number) {\n${body(101)}\n  }\n  constructor(x: number) {\n${body(101)}\n  }\n  get value() {\n let x = 0;\n${body(100)}\n  }\n}`,
      `const object = { f: function (x: number) {\n${body(101)}\n} };`,
      `function justRight(x: number) {\n${body(100)}\n}`,
      `function outer() {\n  return (x: number) => {\n${body(101)}\n  };\n}`,
    ].join('\n');
    const found = longFunctions('shape.ts', text, 100);
    expect(found.map(({ name, lines }) => `${name} ${lines}`)).toEqual([
      'declared 101',
      'arrow 101',
      'method 101',
      'constructor 101',
      'value 101',
      'f 101',
      'outer 103',
      '(anonymous) 101',
    ]);
  });
});
