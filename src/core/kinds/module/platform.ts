/**
 * What the rule-module kind takes from the platform it runs on: a sandbox
 * that runs a module and prepares its work (src/host/module/ on Node;
 * absent in a browser).
 */
import type { AnalyseRequest, Prepared, ShapedResult } from '../kind.js';
import type { CustomRule } from './rule.js';

export interface ModuleSandbox {
  prepare(request: AnalyseRequest<CustomRule>): Promise<Prepared<ShapedResult>>;
}

let sandbox: ModuleSandbox | null = null;

export function installModuleSandbox(given: ModuleSandbox): void {
  sandbox = given;
}

export function moduleSandbox(): ModuleSandbox | null {
  return sandbox;
}
