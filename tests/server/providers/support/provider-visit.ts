/**
 * A browser at a redirect party's simulator (issue 21; decision 168), over real HTTP: it follows the
 * authorization address to the person's page, answers it (the preselected answer unless told one)
 * and reports where the party sends the browser back. No mocked network: the page is the
 * simulator's own.
 */
export interface ProviderVisit {
  /** The person's page, when the party showed one. */
  pageUrl: string | null;
  html: string;
  /** The answer that was sent. */
  answer: string | null;
  /** Where the party sent the browser back (the callback with code or error, and state). */
  callback: URL;
}

function locationOf(response: Response): string {
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) throw new Error(`expected a 303 with a location, got ${response.status}`);
  return location;
}

export async function visitProvider(authorizationUrl: string, answer?: string): Promise<ProviderVisit> {
  const first = locationOf(await fetch(authorizationUrl, { redirect: 'manual', headers: { accept: 'text/html' } }));
  // An authorization request the party refuses at once goes straight back (RFC 6749 section 4.1.2.1).
  if (!first.includes('/requests/')) return { pageUrl: null, html: '', answer: null, callback: new URL(first) };
  const page = await fetch(first, { headers: { accept: 'text/html' } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the person's page answered ${page.status}: ${html}`);
  const chosen = answer ?? /name="outcome" value="([^"]+)" checked/.exec(html)?.[1] ?? '';
  const answered = await fetch(first, { method: 'POST', body: new URLSearchParams({ outcome: chosen }), redirect: 'manual', headers: { accept: 'text/html' } });
  return { pageUrl: first, html, answer: chosen, callback: new URL(locationOf(answered)) };
}

/** The callback's query as the API's route reads it. */
export const queryOf = (callback: URL): Record<string, string> => Object.fromEntries(callback.searchParams.entries());
