import type { Page } from '@playwright/test';

/**
 * The reference server's test-only controls (docs/architecture.md, "Sandbox controls"). They act on
 * the session that sets them, so they are called through `page.request`, which shares the page's
 * cookies, with the page's own Origin (state-changing requests check it). Each is consumed once.
 */
async function call(page: Page, name: string, body: Record<string, unknown>): Promise<unknown> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(`${origin}/api/sandbox/${name}`, {
    data: body,
    headers: { Origin: origin },
  });
  if (!response.ok()) {
    throw new Error(`sandbox ${name} ${JSON.stringify(body)} answered ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { data: unknown }).data;
}

/** What seeding may set (server/sandbox/seed-application.ts). */
export interface SeedRequest {
  taskDefinitionKey: string;
  productName?: string;
  previousTasks?: string[];
  application?: Record<string, unknown>;
  draft?: Record<string, unknown>;
  languageCode?: 'eng' | 'est' | 'lav' | 'lit' | 'rus';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export const sandbox = {
  /**
   * An application of this browser's session already at a task, with given data (issue 8): a test
   * opens `/?externalId=<id>` and starts at the step it tests. The page must be on the app first.
   */
  seedApplication: async (page: Page, request: SeedRequest): Promise<{ externalId: string }> =>
    (await call(page, 'applications', request as unknown as Record<string, unknown>)) as { externalId: string },
  /** The next create, submit or continue of this session answers with this task key. */
  nextTask: async (page: Page, taskDefinitionKey: string) => void (await call(page, 'next-task', { taskDefinitionKey })),
  /** The next call of this session whose path contains `path` (and of `method`, when given) fails with `status`. */
  failNext: async (page: Page, options: { path?: string; method?: HttpMethod; status: number }) => void (await call(page, 'fail-next', options)),
  /** The next call of this session whose path contains `path` waits `ms` first. */
  delayNext: async (page: Page, options: { path?: string; method?: HttpMethod; ms: number }) => void (await call(page, 'delay-next', options)),
};
