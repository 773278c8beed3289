/**
 * `document.title` names the page (WCAG 2.4.2): "<heading> – Solis", starting with a translated
 * "Error:" while an error summary is shown (GOV.UK). The page heading and the error summary each
 * report their part; whichever changes last writes the title.
 */
export const BRAND_NAME = 'Solis';

let heading = '';
let errorPrefix: string | null = null;

function write(): void {
  if (typeof document === 'undefined') return;
  const name = heading ? `${heading} – ${BRAND_NAME}` : BRAND_NAME;
  document.title = errorPrefix ? `${errorPrefix} ${name}` : name;
}

/** The page's h1 text. */
export function setTitleHeading(text: string): void {
  heading = text.replace(/\s+/g, ' ').trim();
  write();
}

/** While an error summary is shown: its translated "Error:"; null when it goes. */
export function setTitleErrorPrefix(prefix: string | null): void {
  errorPrefix = prefix;
  write();
}
