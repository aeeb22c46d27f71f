import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { type Graph } from '../../../src/core/kinds/graph/graph.js';
import { parseGraphJson } from '../../../src/core/kinds/graph/parse-json.js';
import { parseGraphText } from '../../../src/core/kinds/graph/parse.js';

/** The graph as { name: [follower names] }, for comparing parses whatever the ids. */
function shape(graph: Graph): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  graph.names.forEach((name, u) => {
    result[name] = Array.from(graph.targets.subarray(graph.offsets[u], graph.offsets[u + 1]), (v) => graph.names[v]).sort();
  });
  return result;
}

/** The InputError message a parse throws (and that it is one line). */
function failure(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/\n/);
    return message;
  }
  throw new Error('the input was accepted');
}

describe('graph text', () => {
  it('reads edge lines, a vertex seen only as a target, and numbers ids by first appearance', () => {
    const graph = parseGraphText('a b\nb c\n');
    expect(graph.names).toEqual(['a', 'b', 'c']);
    expect(Array.from(graph.offsets)).toEqual([0, 1, 2, 2]);
    expect(Array.from(graph.targets)).toEqual([1, 2]);
  });

  it('reads adjacency lines, `u:` alone being a vertex without moves', () => {
    expect(shape(parseGraphText('a: b c\nb:\nc: a\nd:\n'))).toEqual({ a: ['b', 'c'], b: [], c: ['a'], d: [] });
  });

  it('mixes both forms, with comments, blank lines, tabs, CRLF, a byte order mark and no final newline', () => {
    const text = '\ufeff# a graph\r\n\r\na\tb  # first edge\r\n  b: c d\r\n\r\nc a#no space before the comment\r\nd:';
    expect(shape(parseGraphText(text))).toEqual({ a: ['b'], b: ['c', 'd'], c: ['a'], d: [] });
  });

  it('drops repeated edges, merges repeated adjacency lines, keeps self-loops', () => {
    const graph = parseGraphText('a b\na b\na: b a\na: c\n');
    expect(shape(graph)).toEqual({ a: ['a', 'b', 'c'], b: [], c: [] });
    expect(graph.targets.length).toBe(3);
  });

  it('takes numbers and any other whitespace-free tokens as names', () => {
    const graph = parseGraphText('1 2\n2 10\n10: x:y é,ü "q"\n');
    expect(shape(graph)).toEqual({ '1': ['2'], '2': ['10'], '10': ['"q"', 'x:y', 'é,ü'], 'x:y': [], 'é,ü': [], '"q"': [] });
  });

  it('reads the same graph from a string and from its UTF-8 bytes (a Node Buffer too)', () => {
    const text = 'é: ü\nü é\n';
    const fromBytes = parseGraphText(new TextEncoder().encode(text));
    expect(shape(fromBytes)).toEqual(shape(parseGraphText(text)));
    expect(shape(parseGraphText(Buffer.from(text)))).toEqual(shape(fromBytes));
  });

  it('tells apart long names sharing their first 8 bytes', () => {
    const graph = parseGraphText('abcdefgh abcdefghi\nabcdefghi abcdefgh\nabcdefg abcdefgh\n');
    expect(graph.names).toEqual(['abcdefgh', 'abcdefghi', 'abcdefg']);
  });

  it('names the line and the token of each malformed input, on one line', () => {
    expect(failure(() => parseGraphText('a b\n\na b c\n'))).toBe("line 3: 'a b c' is neither 'u v' nor 'u: v w …'");
    expect(failure(() => parseGraphText('a b\nlonely\n'))).toBe("line 2: 'lonely' is neither 'u v' nor 'u: v w …'");
    expect(failure(() => parseGraphText('lonely # a comment'))).toBe("line 1: 'lonely' is neither 'u v' nor 'u: v w …'");
    expect(failure(() => parseGraphText('a b c # d e'))).toBe("line 1: 'a b c' is neither 'u v' nor 'u: v w …'");
    expect(failure(() => parseGraphText('x y\n: b\n'))).toBe("line 2: ':' has no vertex name before it");
    expect(failure(() => parseGraphText('a: b c:\n'))).toBe("line 1: 'c:' ends with ':', which only a line's first name may (as in 'u: v w …')");
    expect(failure(() => parseGraphText('a b:\n'))).toBe("line 1: 'b:' ends with ':', which only a line's first name may (as in 'u: v w …')");
    expect(failure(() => parseGraphText('a:: b\n'))).toBe("line 1: 'a::': a vertex name cannot end with ':'");
    expect(failure(() => parseGraphText('a b\na\u0001 b\n'))).toBe("line 2: 'a\\x01' contains a control character");
    expect(failure(() => parseGraphText(new Uint8Array([0x61, 0x20, 0x62, 0x0a, 0xff, 0x20, 0x62])))).toBe("line 2: '\ufffd' is not valid UTF-8");
    expect(failure(() => parseGraphText('a b\u009b2J\n'))).toBe("line 1: 'b\\x9b2J' contains a control character");
    expect(failure(() => parseGraphText(''))).toBe('the graph has no vertices (the text is empty or only comments)');
    expect(failure(() => parseGraphText('# nothing\n\n   \n'))).toBe('the graph has no vertices (the text is empty or only comments)');
    const long = 'x'.repeat(100);
    expect(failure(() => parseGraphText(`${long} b c`))).toBe(`line 1: '${'x'.repeat(40)}…' (104 characters) is neither 'u v' nor 'u: v w …'`);
  });
});

describe('error details', () => {
  const details = (parse: () => unknown) => {
    try {
      parse();
    } catch (error) {
      const { code, field, value } = error as InputError;
      return { code, field, value };
    }
    throw new Error('the input was accepted');
  };
  it('a malformed graph is a bad rule carrying the offending text; an empty one is empty', () => {
    expect(details(() => parseGraphText('a b c # x'))).toEqual({ code: 'bad-rule', field: undefined, value: 'a b c' });
    expect(details(() => parseGraphText('a b:'))).toEqual({ code: 'bad-rule', field: undefined, value: 'b:' });
    expect(details(() => parseGraphJson([['a', null]]))).toEqual({ code: 'bad-rule', field: undefined, value: null });
    expect(details(() => parseGraphText('# none'))).toEqual({ code: 'empty', field: undefined, value: undefined });
    expect(details(() => parseGraphJson({}))).toEqual({ code: 'empty', field: undefined, value: undefined });
  });
});

describe('graph JSON', () => {
  it('reads an edge list, numbers being names', () => {
    const graph = parseGraphJson([['a', 'b'], [1, 'a'], ['b', 2]]);
    expect(shape(graph)).toEqual({ a: ['b'], b: ['2'], '1': ['a'], '2': [] });
    expect(graph.names).toEqual(['a', 'b', '1', '2']);
  });

  it('reads an adjacency object, [] being a vertex without moves', () => {
    expect(shape(parseGraphJson({ a: ['b', 'c'], b: [], c: ['a', 'a', 3] }))).toEqual({ a: ['b', 'c'], b: [], c: ['3', 'a'], '3': [] });
  });

  it('gives the same graph as the text forms', () => {
    expect(shape(parseGraphJson({ a: ['b'], b: ['a', 'b'] }))).toEqual(shape(parseGraphText('a b\nb: a b\n')));
  });

  it('names the edge or vertex of each malformed input', () => {
    expect(failure(() => parseGraphJson([['a', 'b'], ['a']]))).toBe(`JSON edge 2: '["a"]' is not a pair [u, v]`);
    expect(failure(() => parseGraphJson([['a', 'b', 'c']]))).toBe(`JSON edge 1: '["a","b","c"]' is not a pair [u, v]`);
    expect(failure(() => parseGraphJson([['a', null]]))).toBe(`JSON edge 1: 'null' is not a vertex name (a string or a number)`);
    expect(failure(() => parseGraphJson([['a', { b: 1 }]]))).toBe(`JSON edge 1: '{"b":1}' is not a vertex name (a string or a number)`);
    expect(failure(() => parseGraphJson([['', 'b']]))).toBe('JSON edge 1: a vertex name is empty');
    expect(failure(() => parseGraphJson({ a: ['b c'] }))).toBe(`JSON vertex 'a': 'b c' contains whitespace`);
    expect(failure(() => parseGraphJson({ a: ['b\u0007'] }))).toBe(`JSON vertex 'a': 'b\\x07' contains a control character`);
    expect(failure(() => parseGraphJson({ a: 'b' }))).toBe(`JSON vertex 'a': its followers '"b"' are not a list [v, w, …]`);
    expect(failure(() => parseGraphJson('a b'))).toBe(`JSON graph: '"a b"' is neither an edge list [["u","v"], …] nor an object {"u": ["v", …], …}`);
    expect(failure(() => parseGraphJson(null))).toBe(`JSON graph: 'null' is neither an edge list [["u","v"], …] nor an object {"u": ["v", …], …}`);
    expect(failure(() => parseGraphJson([]))).toBe('JSON graph: the graph has no vertices');
    expect(failure(() => parseGraphJson({}))).toBe('JSON graph: the graph has no vertices');
  });
});
