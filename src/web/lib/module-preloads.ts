/**
 * The first load's module preloads at low fetch priority.
 *
 * React Router's `<Scripts/>` names every module of the first load in a
 * `<link rel="modulepreload">`, which React hoists into `<head>`: the browser then fetches them at
 * High priority beside the stylesheet, and Lighthouse's phone simulation counts every High-priority
 * script that arrived before the first paint as blocking it (docs/performance.md, "Phone: first
 * paint against the script-less ceiling"). The page paints from its HTML and stylesheet alone
 * (docs/architecture.md: every page is server-rendered), so the scripts can wait their turn.
 */

// A <link> tag that is a module preload and names no fetch priority (attributes in any order).
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")(?![^>]*\bfetchpriority=)/g;
const HEAD_END = Buffer.from('</head>');

/**
 * The whole HTML document `doc` (UTF-8, as React wrote it) with `fetchpriority="low"` on each
 * `<link rel="modulepreload" …>` in its `<head>`; links that already name a priority, the body, and
 * a document without `</head>` unchanged.
 */
export function lowPriorityModulePreloads(doc: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = doc.indexOf(HEAD_END);
  if (headEnd < 0) return doc;
  const head = doc.subarray(0, headEnd).toString('utf8');
  const lowered = head.replace(MODULE_PRELOAD, '<link fetchpriority="low"');
  return lowered === head ? doc : Buffer.concat([Buffer.from(lowered), doc.subarray(headEnd)]);
}
