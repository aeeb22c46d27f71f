/** English messages of the play area (keys start with `play.`): the terminal's game and the page's. */
export const play = {
  'play.title': 'play',

  // Components, by the noun a game gives them; {i} counts from 1.
  'play.component.heap': 'heap {i}',
  'play.component.pair': 'pair {i}',
  'play.component.token': 'token {i}',
  'play.component.component': 'component {i}',
  'play.separator': ', ',
  'play.nothing': 'nothing',
  'play.nothingLeft': '(nothing left)',

  // Moves as people write them (the terminal reads them back, as written).
  'play.move.take': 'take {take} from {component}',
  'play.move.change': '{component}: {from} -> {to}',

  // Outcomes, in the words of the theory.
  'play.outcome.N': 'the player to move wins: an N-position',
  'play.outcome.P': 'the player to move loses: a P-position',
  'play.outcome.D': 'neither player can force a win: a draw with best play',
  'play.outcome.misere': '{outcome} (misère play: the last player to move loses)',

  // What a value or an outcome rests on.
  'play.ground.table': 'computed (table of {over})',
  'play.ground.period': 'proven period ({proof})',
  'play.ground.theorem': 'theorem: {theorem}',
  'play.ground.law': 'law observed up to {upTo}, not proven: {law}',
  'play.ground.search': 'exhaustive search of {what}',
  'play.ground.quotient': 'misère quotient Q_{bound} (Plambeck–Siegel 2008) of order {order}',

  // The hint: the nim-sum in words, and the winning moves.
  'play.hint.value': '{state} is worth {value}',
  'play.hint.values': 'Values: {values}; their nim-sum (xor) is {sum}.',
  'play.hint.zero': 'A nim-sum of 0: {outcome}. Every move makes it non-zero, and the other player can make it 0 again.',
  'play.hint.nonzero': 'A non-zero nim-sum: {outcome}. Change one component of value v into one of value v xor {sum}, and the nim-sum becomes 0.',
  'play.hint.binary': 'In binary: {terms} = {sum}.',
  'play.hint.xor': ' xor ',
  'play.hint.misere': 'In misère play values do not add up. By {ground}: {outcome}.',
  'play.hint.loopy': "A token on a cycle has value ∞ (Smith's rules): {outcome}.",
  'play.hint.noWin': 'There is no winning move here: make the game long and hope for a mistake.',
  'play.hint.drawMoves': 'Moves that keep the draw:',
  'play.hint.oneMove': 'The winning move:',
  'play.hint.moves': 'Winning moves:',
  'play.hint.more': '… and {count} more',
  'play.hint.notListed': 'Not every winning move could be listed: {why}',

  // The terminal's session.
  'play.intro.normal': 'Playing (the last player to move wins). Type help for the moves.',
  'play.intro.misere': 'Playing misère (the last player to move loses). Type help for the moves.',
  'play.randomStart': 'A random start (--seed {seed}).',
  'play.position': 'Position: {position}',
  'play.prompt': 'your move> ',
  'play.youWin': 'You win!',
  'play.computerWins': 'The computer wins.',
  'play.computerPlays': 'The computer plays: {move}',
  'play.unfinished': 'Game left unfinished.',
  'play.nothingToUndo': 'Nothing to undo.',
  'play.notAMove': 'Not a move: {reason} (type help)',
  'play.help':
    'Moves (heaps, pairs and other components are numbered from 1, left to right):\n' +
    '  take 4 from heap 3  (or: 3 4)  take 4 tokens from heap 3\n' +
    '  3 -> 1 4                       heap 3 becomes heaps 1 and 4 (a split)\n' +
    '  1 -> 2:3                       pair 1 (or a heap with memory) becomes 2:3\n' +
    '  1 -> b                         token 1 on a graph moves to vertex b\n' +
    '  heap 3: 7 -> 1 + 4             as hint writes a move: the same as 3 -> 1 4\n' +
    'Commands: hint (the nim-sum and the winning moves, explained), undo, help, quit',
  'play.bad.noComponent': 'there is no {component} (they are numbered 1 to {count})',
  'play.bad.unknown': '{input} is not a move or a command',
  'play.bad.state': '{input} is not a state of this game',
  'play.bad.wrongFrom': '{component} is {state}, not {written}',
  'play.bad.giveState': 'give the new state: {i} -> STATE',
  'play.bad.splits': 'taking {take} there splits the heap: say how, as {i} -> A B',
  'play.bad.cannotTake': 'you cannot take {take} from heap {i} ({state}) under this rule',
  'play.bad.cannotBecome': '{from} cannot become {to} in one move',
  'play.help.lang': 'the language to play in: en or zh (default: from LC_ALL, LC_MESSAGES or LANG)',

  // The page's game.
  'play.web.heading': 'Play against the computer',
  'play.web.explore': 'Explore',
  'play.web.game': 'Game',
  'play.web.preset.nim': 'Nim',
  'play.web.preset.wythoff': "Wythoff's game",
  'play.web.preset.fibonacci-nim': 'Fibonacci Nim',
  'play.web.preset.kayles': 'Kayles',
  'play.web.preset.dawsons-kayles': "Dawson's Kayles",
  'play.web.preset.grundy': "Grundy's game",
  'play.web.preset.bash:3': 'Take 1 to 3',
  'play.web.preset.take-a-square': 'Take a square',
  'play.web.position': 'Start position',
  'play.web.positionHelp': 'heaps (3 5 7), pairs (4:7), or a heap (20); empty: a random start',
  'play.web.first': 'Who starts',
  'play.web.first.human': 'I do',
  'play.web.first.computer': 'The computer',
  'play.web.level': 'Computer level (10: perfect)',
  'play.web.seed': 'Seed',
  'play.web.misere': 'Misère (the last player to move loses)',
  'play.web.newGame': 'New game',
  'play.web.randomStart': 'Random start',
  'play.web.undo': 'Undo',
  'play.web.hint': 'Hint',
  'play.web.yourTurn': 'Your move.',
  'play.web.thinking': 'The computer is thinking…',
  'play.web.computerPlayed': 'The computer played: {move}',
  'play.web.youPlayed': 'You played: {move}',
  'play.web.youWin': 'You win!',
  'play.web.computerWins': 'The computer wins.',
  'play.web.randomFrom': 'A random start from seed {seed}.',
  'play.web.counter': '{component}: take {take}',
  'play.web.heapLabel': '{component}: {n}',
  'play.web.cap': 'take at most {cap}',
  'play.web.split': '{component}: take {take}, leaving {parts}',
  'play.web.chooseSplit': 'Taking {take} from {component} can leave:',
  'play.web.cancel': 'Cancel',
  'play.web.square': 'move the queen to ({x}, {y})',
  'play.web.queen': 'the queen at ({x}, {y})',
  'play.web.boardHelp': 'The queen moves left, down or diagonally down-left, any distance; whoever moves it to (0, 0) wins.',
  'play.web.otherMove': '{component}: {from} → {to}',
  'play.web.winningMark': 'winning',
  'play.web.error': 'Error: {message}',
  'play.web.history': 'Moves',
  'play.web.status': 'Status',
} as const;
