import type { Page } from '@playwright/test';

/**
 * The reference server's test-only controls (docs/architecture.md, "Sandbox controls"). They act on
 * the session that sets them, so they are called through `page.request`, which shares the page's
 * cookies, with the page's own Origin (state-changing requests check it). Each is consumed once.
 */
/**
 * The app on the page makes its session with its first call; a control sent before that would make
 * a second session of its own (both without a cookie), and the cookie that arrives last wins. So a
 * control waits for the page's session cookie first (a page that makes no call gets one anyway).
 */
async function pageSession(page: Page): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if ((await page.context().cookies()).some((cookie) => cookie.name.endsWith('solis_sid'))) return;
    await page.waitForTimeout(50);
  }
}

async function call(page: Page, name: string, body: Record<string, unknown>): Promise<unknown> {
  const origin = new URL(page.url()).origin;
  await pageSession(page);
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
  /** From now on, this session's customer has this loyalty segment (section 4; any text). */
  setLoyaltySegment: async (page: Page, segment: string | null) => void (await call(page, 'loyalty-segment', { segment })),
  /** A partner (shop) this session alone knows: its return addresses and the goods it sells with its terms. */
  registerPartner: async (page: Page, partner: SandboxPartner): Promise<{ id: string }> =>
    (await call(page, 'partners', partner as unknown as Record<string, unknown>)) as { id: string },
};

/** What `registerPartner` takes (server/routes/sandbox.routes.ts). */
export interface SandboxPartner {
  regCode: string;
  name?: string;
  canSignDigitally?: boolean;
  returnAddresses: string[];
  products?: Array<{ goodsName: string; productName: string; overrides?: Record<string, number> }>;
}
