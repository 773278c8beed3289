import type { Page } from '@playwright/test';

/**
 * The reference server's test-only controls (docs/architecture.md, "Sandbox controls"). They act on
 * the session that sets them, so they are called through `page.request`, which shares the page's
 * cookies, with the page's own Origin (state-changing requests check it). Each is consumed once.
 */
async function call(page: Page, name: string, body: Record<string, unknown>): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}/api/sandbox/${name}`, {
    data: body,
    headers: { Origin: origin },
  });
  if (!response.ok()) {
    throw new Error(`sandbox ${name} ${JSON.stringify(body)} answered ${response.status()}: ${await response.text()}`);
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export const sandbox = {
  /** The next create, submit or continue of this session answers with this task key. */
  nextTask: (page: Page, taskDefinitionKey: string) => call(page, 'next-task', { taskDefinitionKey }),
  /** The next call of this session whose path contains `path` (and of `method`, when given) fails with `status`. */
  failNext: (page: Page, options: { path?: string; method?: HttpMethod; status: number }) => call(page, 'fail-next', options),
  /** The next call of this session whose path contains `path` waits `ms` first. */
  delayNext: (page: Page, options: { path?: string; method?: HttpMethod; ms: number }) => call(page, 'delay-next', options),
};
