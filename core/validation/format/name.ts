/**
 * Section 5 (General, names): trimmed and capitalised per word, words split on space and hyphen.
 * Runs of whitespace collapse to one space. The rest of each word is lower-cased because people
 * often type names in capitals ("MARI-LIIS TAMM" -> "Mari-Liis Tamm").
 */
export function capitaliseName(name: string): string {
  return normaliseNameSpacing(name)
    .split(' ')
    .map((word) => word.split('-').map(capitaliseWord).join('-'))
    .join(' ');
}

export function normaliseNameSpacing(name: string): string {
  return name.trim().replace(/\s+/gu, ' ');
}

function capitaliseWord(word: string): string {
  const [first = '', ...rest] = Array.from(word);
  return first.toLocaleUpperCase() + rest.join('').toLocaleLowerCase();
}
