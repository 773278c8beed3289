/**
 * `document.title` names the page (WCAG 2.4.2): "<heading> – Solis", starting with a translated
 * "Error:" while an error summary is shown (GOV.UK). The page heading and the error summary each
 * report their part; whichever changes last writes the title.
 */
export const BRAND_NAME = 'Solis';

let heading = '';
let errorPrefix: string | null = null;
const headingListeners = new Set<() => void>();

/** The page's h1 text as last reported (the step's name beside the progress bar, issue 26). */
export function titleHeading(): string {
  return heading;
}

/** Calls `listener` whenever the page's h1 text changes; returns the unsubscribe (for useSyncExternalStore). */
export function subscribeTitleHeading(listener: () => void): () => void {
  headingListeners.add(listener);
  return () => void headingListeners.delete(listener);
}

function write(): void {
  if (typeof document === 'undefined') return;
  const name = heading ? `${heading} – ${BRAND_NAME}` : BRAND_NAME;
  document.title = errorPrefix ? `${errorPrefix} ${name}` : name;
}

/** The page's h1 text. */
export function setTitleHeading(text: string): void {
  const next = text.replace(/\s+/g, ' ').trim();
  const changed = next !== heading;
  heading = next;
  write();
  if (changed) for (const listener of headingListeners) listener();
}

/** While an error summary is shown: its translated "Error:"; null when it goes. */
export function setTitleErrorPrefix(prefix: string | null): void {
  errorPrefix = prefix;
  write();
}
