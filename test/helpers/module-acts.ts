/**
 * A rule module that tries acts while loading, for the sandbox's attack
 * tests: each act is a name and code giving a value (maybe a promise), after
 * `prelude` (its imports and helpers). It prints `name: ok <value>` or
 * `name: <error code>`, then is subtraction {1}.
 */
export function tryingModule(prelude: readonly string[], acts: Record<string, string>): string {
  const lines = Object.entries(acts).map(
    ([name, code]) => `try { const v = await (async () => (${code}))(); console.error(${JSON.stringify(name)} + ': ok ' + String(v).slice(0, 40).replace(/\\n/g, ' ')); } catch (e) { console.error(${JSON.stringify(name)} + ': ' + (e && e.code)); }`,
  );
  return [...prelude, ...lines, 'export function options(n) { return n > 0 ? [[n - 1]] : []; }', ''].join('\n');
}

/** Each act's outcome, from the module's prints. */
export function outcomes(stderr: string): Record<string, string> {
  return Object.fromEntries([...stderr.matchAll(/^([\w ./-]+): (.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}
