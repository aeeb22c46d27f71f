/**
 * import() of a package (yargs, @resvg/resvg-js, a node: module) that is loaded
 * only when needed.
 *
 * The installed program runs as one bundle inside a vm.Script with a V8 code
 * cache (scripts/sg-explore-loader.cjs). On Node 20 an import() in a script
 * compiled from a code cache fails ("A dynamic import callback was not
 * specified"), so the loader puts an import function of its own, from an
 * ordinary CommonJS module, under IMPORT_HOOK, and every such import goes
 * through it. Without the hook (the compiled modules, tests) this is import().
 * The bundle's build fails if an import() of a package is left anywhere else.
 */
export const IMPORT_HOOK = Symbol.for('sg-explore.importPackage');

type Importer = (specifier: string) => Promise<unknown>;

export function importPackage<T>(specifier: string): Promise<T> {
  const hook = (globalThis as { [IMPORT_HOOK]?: Importer })[IMPORT_HOOK];
  return (hook ? hook(specifier) : import(specifier)) as Promise<T>;
}
