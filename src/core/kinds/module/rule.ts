/** A rule written as code: a JS module exporting options(n), or states of its own. Runs in the host's sandbox. */
export interface CustomRule {
  readonly kind: 'custom';
  /** Absolute path of the module. */
  readonly module: string;
  /** The path as the user gave it (shown in reports). */
  readonly shown?: string;
}

export function moduleText(rule: CustomRule): string {
  return `custom ${rule.shown ?? rule.module}`;
}
