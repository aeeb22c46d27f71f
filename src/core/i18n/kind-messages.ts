/**
 * A kind's own messages, in every language the catalogues speak: English the
 * reference, Chinese with the same keys (a key missing in either does not compile).
 */
export function kindMessages<const E extends Readonly<Record<string, string>>>(en: E, zh: { readonly [K in keyof E]: string }): { readonly en: E; readonly zh: { readonly [K in keyof E]: string } } {
  return { en, zh };
}
