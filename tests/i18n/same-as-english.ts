/**
 * Messages whose translation may be word for word the English one, in any locale. Only true
 * exceptions belong here: brand and product names, never an "almost the same" word (Estonian
 * "E-post", Latvian "E-pasts" and Lithuanian "El. paštas" are not "E-mail"). Keep it short.
 */
export const SAME_AS_ENGLISH_ALLOWED: ReadonlySet<string> = new Set([
  // The brand name, written the same everywhere.
  'Solis',
  // Brands named the same in every Baltic language: the SK ID Solutions login and e-signature app.
  'Smart-ID',
]);
