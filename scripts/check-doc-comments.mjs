// The build fails on an exported symbol of the library without a doc comment:
// every name src/index.ts exports (itself or through what it re-exports) is
// followed to its declaration, which must carry a JSDoc comment (/** … */).
// The TypeScript compiler API reads them: no emit, no type check (a few seconds).
import ts from 'typescript';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolve(root, process.argv[2] ?? 'src/index.ts');
const config = ts.getParsedCommandLineOfConfigFile(resolve(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
const program = ts.createProgram({ rootNames: [entry], options: { ...config.options, noEmit: true } });
const checker = program.getTypeChecker();
const source = program.getSourceFile(entry);
if (!source) throw new Error(`no source file ${entry}`);
const module = checker.getSymbolAtLocation(source);
if (!module) throw new Error(`${entry} exports nothing`);

/** The node a doc comment sits on: a variable's statement, else the declaration itself. */
function commented(declaration) {
  const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  return ts.getJSDocCommentsAndTags(node).some((doc) => ts.isJSDoc(doc) && (doc.comment || doc.tags?.length));
}

const missing = [];
for (const exported of checker.getExportsOfModule(module)) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declarations = symbol.declarations ?? [];
  // An overloaded function or a merged declaration is documented when one of its declarations is.
  if (declarations.length === 0 || declarations.some(commented)) continue;
  const first = declarations[0];
  const file = first.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(first.getStart());
  missing.push(`${relative(root, file.fileName)}:${line + 1}: ${exported.name}`);
}
if (missing.length > 0) {
  process.stderr.write(`check-doc-comments: ${missing.length} exported symbol(s) of ${relative(root, entry)} without a doc comment:\n${missing.map((m) => `  ${m}\n`).join('')}`);
  process.exit(1);
}
