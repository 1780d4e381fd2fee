/** `%`, `_` and `\` in what a person searches for are their characters, not LIKE's wildcards (backslash escapes them). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching text that contains `search` anywhere. */
export const containing = (search: string): string => `%${escapeLike(search)}%`;
