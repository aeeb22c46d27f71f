/**
 * English messages the core itself writes (keys start with `rule.`): the
 * kind word of a rule's canonical text, well-known games' names, and why no
 * theorem covers a rule. The CLI prints these as they are; the page and
 * `play` say them in their own language from the same keys.
 */
export const rules = {
  'rule.known.nim': 'Nim: take any number',
  'rule.noTheorem.repeating': 'a code whose last digits repeat takes any number of tokens: the Guy-Smith theorem needs a finite code, so its patterns are only observed',
  'rule.noTheorem.code': 'a rule given as code has no theorem to prove its pattern',
  'law.recurrence': '{formula} for k ≥ {from}',
  'law.fibonacci': 'the Fibonacci numbers',
  'law.fibonacciFrom': 'the Fibonacci numbers from a({index}) = {term} on',
  'law.pair': 'P-positions (a_k, b_k) with a_k < b_k: {parts}; {others}; on the diagonal {diagonal} ({where})',
  'law.beattyFails': '{law} for k <= {last}, failing at k = {next}',
  'law.recurrenceFails': '{law}, failing at k = {next}',
  'law.noLaw': '{side}: no law recognised',
  'law.mirrored': 'their mirror images (b_k, a_k)',
  'law.notSymmetric': 'the {count} with x > y not described (the P-positions are not symmetric)',
  'law.diagonal.progression': '(x, x) for x = {x}, j = 0..{last}',
  'law.diagonal.none': 'none with x = y',
  'law.diagonal.many': '{count} P-positions (x, x) not described (the first: {first}, …)',
  'law.diagonal.residues': '(x, x) for x ≡ {residues} (mod {period})',
  'law.diagonal.cycle': '(x, x) for x >= {from} with x ≡ {residues} (mod {period})',
  'law.diagonal.and': '{listed}, and {repeating}',
  'law.diagonal.before': '{count} P-positions (x, x) with x < {from} (the first: {first}, …)',
  'law.diagonal.ends': '{count} P-positions (x, x), none past x = {last} (the first: {first}, …)',
  'law.pairsObserved': 'observed for x, y <= {max}',
  'law.separator': '; ',
  'ground.heaps': 'heaps 0..{last}',
  'ground.heapsNoProof': 'heaps 0..{last}, as far as the position needs; proof not sought',
  'ground.upTo': 'the {unit} up to {list}',
  'ground.unit.cells': 'cells',
  'ground.unit.states': 'states',
  'ground.positionSearch': 'the position (no theory applies to it here)',
  'ground.pairLaw': '{law}',
  'ground.cycle': 'period {period} from n = {from}',
  'ground.cycleSaltus': 'period {period}, saltus {saltus} from n = {from}',
  'ground.proven': '{method}: {cycle}',
  'ground.misereCycle': 'misère outcomes {cycle}',
  'theorem.tameGenus': 'tame genus (Conway, On Numbers and Games ch. 12, 1976): every heap 0..{largest} is tame, and a sum of tame games plays as the nim position of their genera',
} as const;
