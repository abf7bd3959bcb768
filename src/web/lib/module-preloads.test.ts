import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preloads';

const lowered = (html: string) => lowPriorityModulePreloads(Buffer.from(html)).toString('utf8');

describe('lowPriorityModulePreloads', () => {
  it('lowers every module preload in the head and leaves the rest of the document alone', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/assets/shop.css"/><link rel="modulepreload" href="/assets/entry.js"/>' +
      '<link href="/assets/shop.js" rel="modulepreload"/></head><body><p>ā <link rel="modulepreload" href="/b.js"/></p></body></html>';
    expect(lowered(html)).toBe(
      '<html><head><link rel="stylesheet" href="/assets/shop.css"/><link fetchpriority="low" rel="modulepreload" href="/assets/entry.js"/>' +
        '<link fetchpriority="low" href="/assets/shop.js" rel="modulepreload"/></head><body><p>ā <link rel="modulepreload" href="/b.js"/></p></body></html>',
    );
  });

  it('keeps a priority a link already names, and a document without a head', () => {
    const named = '<head><link rel="modulepreload" href="/a.js" fetchpriority="high"/></head>';
    expect(lowered(named)).toBe(named);
    expect(lowered('<p>no head</p>')).toBe('<p>no head</p>');
  });
});
