/** Escapes LIKE wildcards (`%`, `_` and the escape `\`) so a search for "50%" means the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
