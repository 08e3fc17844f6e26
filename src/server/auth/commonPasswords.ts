/**
 * The common-password list (ASVS 6.2.4): the 49,233 passwords of @zxcvbn-ts/language-common
 * ('passwords-common', from leaked-password frequency lists), matched ignoring case. Only the list is
 * used, not zxcvbn's scoring. Loaded once (about 40 ms to decompress); the server warms it at start.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let list: Set<string> | null = null;

function commonPasswords(): Set<string> {
  list ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return list;
}

export const isCommonPassword = (password: string): boolean =>
  commonPasswords().has(password.toLowerCase());

/** Loads the list now, so the first registration is not the one that waits for it. */
export function warmCommonPasswords(): number {
  return commonPasswords().size;
}
