import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { copyTemplate, startSolisServer, type SolisServer } from '../tests/support/e2e-server';
import { expectNoA11yViolations } from './support/a11y';

export { expect };
export { expectNoA11yViolations } from './support/a11y';
export { sandbox } from './support/sandbox';

/**
 * How a test's server is made (decision 164). By default a test shares its worker's server for its
 * environment, emptied back to the prepared database before the test, so it sees a fresh server
 * without paying for one. A test that stops, crashes or restarts its server, needs a fresh process,
 * or runs in production mode (which has no reset) says `test.use({ ownServer: true })`.
 */
interface ServerOptions {
  /** Extra server environment: `test.use({ serverEnv: { BUSINESS_DOMAIN: 'retail-banking-lv' } })`. */
  serverEnv: Record<string, string>;
  /**
   * The server without the sandbox controls, as `npm start` runs it: demonstration mode (issue 21:
   * the outside parties' simulators, no sandbox), or production with `serverEnv: { SOLIS_MODE: 'production' }`.
   * No sandbox means no reset either: needs `ownServer`.
   */
  withoutSandbox: boolean;
  /** A server process and database of this test alone, started for it and stopped after it. */
  ownServer: boolean;
}

interface Fixtures extends ServerOptions {
  /**
   * The reference server this test talks to, as if started for it alone: a fresh database (the
   * prepared template's content) and no state from an earlier test.
   */
  solisServer: SolisServer;
  /** `await axe.check(page)`: fails with a readable list when axe finds WCAG 2.x A/AA violations. */
  axe: { check(page: Page): Promise<void> };
}

interface WorkerFixtures {
  /** The servers this worker keeps, one per environment, reset between tests. */
  workerServers: WorkerServers;
}

/** How many environments' servers a worker keeps at once; the least recently used goes first. */
const KEPT_SERVERS = 4;

function template(): string {
  const dir = process.env.SOLIS_E2E_PGLITE_TEMPLATE;
  if (!dir) throw new Error('SOLIS_E2E_PGLITE_TEMPLATE is not set: run through e2e/playwright.config.ts (its globalSetup prepares it)');
  return dir;
}

/** A server on its own copy of the prepared database; `remove()` stops it and deletes the copy. */
async function startOnCopy(env: Record<string, string>, testMode: boolean): Promise<{ server: SolisServer; remove(): Promise<void> }> {
  const copy = copyTemplate(template(), 'solis-e2e-');
  const server = await startSolisServer({ dataDir: copy.dataDir, env, testMode }).catch((error: unknown) => {
    copy.remove();
    throw error;
  });
  return {
    server,
    async remove() {
      await server.stop();
      copy.remove();
    },
  };
}

/** A shared server must outlive the test: stopping it is for tests with `ownServer`. */
function shared(server: SolisServer): SolisServer {
  const refuse = () => Promise.reject(new Error('this server is shared by the tests of a worker: a test that stops or crashes its server uses test.use({ ownServer: true })'));
  return { url: server.url, port: server.port, pid: server.pid, log: server.log, logMark: server.logMark, stop: refuse, crash: refuse };
}

class WorkerServers {
  private readonly servers = new Map<string, { server: SolisServer; remove(): Promise<void> }>();

  /** This environment's server, emptied back to the prepared database; started on first use. */
  async fresh(env: Record<string, string>): Promise<SolisServer> {
    const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
    const kept = this.servers.get(key);
    if (kept) {
      this.servers.delete(key);
      // A server that died or cannot reset (the machine killed it, say) is replaced, not reused.
      if (await reset(kept.server).then(() => true, () => false)) {
        this.servers.set(key, kept);
        return kept.server;
      }
      await kept.remove().catch(() => undefined);
    }
    while (this.servers.size >= KEPT_SERVERS) {
      const [oldest, entry] = this.servers.entries().next().value!;
      this.servers.delete(oldest);
      await entry.remove();
    }
    // A new server's database is the template: nothing to reset.
    const started = await startOnCopy(env, true);
    this.servers.set(key, started);
    return started.server;
  }

  async stopAll(): Promise<void> {
    const all = [...this.servers.values()];
    this.servers.clear();
    await Promise.all(all.map((entry) => entry.remove()));
  }
}

/** The test-mode reset (`POST /api/sandbox/reset`, server/sandbox/reset.ts), from our own origin like the app's calls. */
async function reset(server: SolisServer): Promise<void> {
  const response = await fetch(`${server.url}/api/sandbox/reset`, { method: 'POST', headers: { origin: server.url } });
  if (!response.ok) throw new Error(`the server's reset answered ${response.status}: ${await response.text()}`);
}

/** On failure, the server's log from this test's start (a shared server's earlier tests left out). */
async function attachLogOnFailure(testInfo: TestInfo, server: SolisServer, since: number): Promise<void> {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server.log', { body: server.log(since), contentType: 'text/plain' });
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  serverEnv: [{}, { option: true }],
  withoutSandbox: [false, { option: true }],
  ownServer: [false, { option: true }],
  workerServers: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const servers = new WorkerServers();
      try {
        await use(servers);
      } finally {
        await servers.stopAll();
      }
    },
    { scope: 'worker' },
  ],
  solisServer: async ({ serverEnv, withoutSandbox, ownServer, workerServers }, use, testInfo) => {
    if (withoutSandbox && !ownServer) throw new Error('a server without the sandbox has no reset to share it by: use test.use({ withoutSandbox: true, ownServer: true })');
    if (ownServer) {
      const own = await startOnCopy(serverEnv, !withoutSandbox);
      try {
        await use(own.server);
      } finally {
        await own.remove();
        await attachLogOnFailure(testInfo, own.server, 0);
      }
      return;
    }
    const server = await workerServers.fresh(serverEnv);
    const since = server.logMark();
    try {
      await use(shared(server));
    } finally {
      await attachLogOnFailure(testInfo, server, since);
    }
  },
  baseURL: async ({ solisServer }, use) => {
    await use(solisServer.url);
  },
  // eslint-disable-next-line no-empty-pattern
  axe: async ({}, use) => {
    await use({ check: expectNoA11yViolations });
  },
  // The calculator modal opens by itself on the create-application step (section 2). A test about
  // something else closes it with Escape, as an applicant would, whenever it stands in the way of
  // an action; the calculator's own tests take the handler off (`testTheCalculator`).
  page: async ({ page }, use) => {
    await page.addLocatorHandler(calculatorModal(page), async () => {
      await page.keyboard.press('Escape');
    });
    await use(page);
  },
});

/** The calculator modal (section 2), in any language. */
export function calculatorModal(page: Page) {
  // The open modal with sliders: other dialogs (the marketing consent) are not the calculator.
  return page.locator('dialog.solis-modal[open]').filter({ has: page.getByRole('slider') });
}

/** For the calculator's own tests: the modal stays until the test closes it. */
export async function testTheCalculator(page: Page): Promise<void> {
  await page.removeLocatorHandler(calculatorModal(page));
}
