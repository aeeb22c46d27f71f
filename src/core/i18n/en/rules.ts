/**
 * English messages the core itself writes (keys start with `rule.`): the
 * kind word of a rule's canonical text, well-known games' names, and why no
 * theorem covers a rule. The CLI prints these as they are; the page and
 * `play` say them in their own language from the same keys.
 */
export const rules = {
  'rule.kind.subtraction': 'subtraction',
  'rule.kind.all-but': 'all-but',
  'rule.kind.octal': 'octal',
  'rule.kind.hexadecimal': 'hexadecimal',
  'rule.kind.take-and-break': 'take-and-break',
  'rule.kind.vectors': 'vectors',
  'rule.kind.capped-heap': 'capped-heap',
  'rule.kind.graph': 'graph',
  'rule.kind.custom': 'custom',
  'rule.known.nim': 'Nim: take any number',
  'rule.noTheorem.infiniteSet': 'an infinite subtraction set has no finite window that determines the values',
  'rule.noTheorem.threeHeaps': 'splits into three heaps are outside the Guy-Smith theorem',
  'rule.noTheorem.unequalSplit': 'the unequal-split condition (!) is outside the Guy-Smith theorem',
  'rule.noTheorem.code': 'a rule given as code has no theorem to prove its pattern',
} as const;
