/** Types for find-chrome.mjs (see its docstrings). */
export const CHROME_ARGS: string[];
export class NoChromeError extends Error {}
export function findChrome(options?: { log?: (line: string) => void }): Promise<string>;
