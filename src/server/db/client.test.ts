import { describe, expect, it } from 'vitest';
import { keptStatements, type Database } from './client';

describe('keptStatements', () => {
  // Stand-ins for two database handles: the kept statements are per handle, by identity.
  const one = {} as Database;
  const other = {} as Database;

  it('builds a statement once per key and basis, per database handle', () => {
    const kept = keptStatements<string>(10);
    let builds = 0;
    const build = (text: string) => () => `${text}#${++builds}`;
    const basis = { words: ['kurta'] };
    expect(kept(one, 'kurta', basis, build('a'))).toBe('a#1');
    expect(kept(one, 'kurta', basis, build('b'))).toBe('a#1');
    expect(kept(other, 'kurta', basis, build('c'))).toBe('c#2');
    // A new basis (the catalogue changed: a new match) builds it again, and keeps that one.
    const newer = { words: ['kurta'] };
    expect(kept(one, 'kurta', newer, build('d'))).toBe('d#3');
    expect(kept(one, 'kurta', newer, build('e'))).toBe('d#3');
    expect(kept(one, 'kurta', null, build('f'))).toBe('f#4');
    expect(kept(one, 'kurta', null, build('g'))).toBe('f#4');
  });

  it('keeps at most its number of keys, the least recently built out first', () => {
    const kept = keptStatements<string>(2);
    const build = (text: string) => () => text;
    kept(one, 'a', null, build('a1'));
    kept(one, 'b', null, build('b1'));
    kept(one, 'c', null, build('c1'));
    expect(kept(one, 'b', null, build('b2'))).toBe('b1');
    expect(kept(one, 'c', null, build('c2'))).toBe('c1');
    expect(kept(one, 'a', null, build('a2'))).toBe('a2');
  });
});
