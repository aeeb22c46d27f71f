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
  'theorem.bouton': 'Bouton (1901): in Nim, G(n) = n',
  'theorem.bachet': 'Bachet (1612): taking 1 to {m} tokens, G(n) = n mod {period}',
  'theorem.bachetMisere': 'Bachet (1612): in misère play, the player to move loses exactly at n ≡ 1 (mod {period})',
  'theorem.wythoff': 'Wythoff (1907): the P-positions are (⌊k·φ⌋, ⌊k·φ²⌋) and their mirror images',
  'theorem.cappedNimFibonacci': "Whinihan (1963): a heap of n with cap c is lost for the player to move exactly when the smallest part of n's greedy sum of Fibonacci numbers (Zeckendorf) exceeds c; a start heap is lost exactly when it is a Fibonacci number",
  'theorem.cappedNim': "Schwenk (1970): a heap of n with cap c is lost for the player to move exactly when the smallest part of n's greedy sum of the losing heaps for factor {k} exceeds c; a start heap is lost exactly when it is one of those heaps",
  'theorem.tameGenus': 'tame genus (Conway, On Numbers and Games ch. 12, 1976): every heap 0..{largest} is tame, and a sum of tame games plays as the nim position of their genera',
} as const;
