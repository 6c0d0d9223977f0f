/**
 * The form names are compared in when someone searches for a person: case, accents and apostrophes do not count,
 * both ways, so "Andreas" finds "Andréas", "andréas" finds "Andreas", "maruf" finds "Ma'ruf" (any apostrophe:
 * ' ’ ‘ ʼ ` ´) and "ma'ruf" finds "Maruf". The server stores each name in this form beside it and searches that;
 * the screens that filter a loaded list use the same function.
 */
const APOSTROPHES = /['’‘ʼ`´]/g;
const MARKS = /\p{M}/gu;

export function searchText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').replace(APOSTROPHES, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** True when `term` (as typed) is found in `text`, by the rule above; an empty term matches everything. */
export function searchMatches(text: string, term: string): boolean {
  return searchText(text).includes(searchText(term));
}
