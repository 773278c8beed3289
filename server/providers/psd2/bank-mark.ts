import { createHash } from 'node:crypto';

/**
 * A bank's mark: its initials on its colour, as an SVG data URI (decorative beside its name). The
 * simulator's banks have one each; a bank whose logo the page cannot show (the app's
 * Content-Security-Policy allows images from its own origin and data URIs only) gets one drawn in a
 * colour of its id.
 */
export function bankMark(name: string, colour: string): string {
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
    .replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect width="40" height="40" rx="6" fill="${colour}"/><text x="20" y="26" font-family="Arial,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Dark enough for white initials (contrast above 4.5:1), chosen by the bank's id. */
const FALLBACK_COLOURS = ['#1d4e89', '#5b2a86', '#7a1f1f', '#1a5e3a', '#4a4a4a', '#7a4b00'];

export function fallbackMark(id: string, name: string): string {
  const index = createHash('sha256').update(id).digest()[0]! % FALLBACK_COLOURS.length;
  return bankMark(name, FALLBACK_COLOURS[index]!);
}
