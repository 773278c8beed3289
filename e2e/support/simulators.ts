import type { Page } from '@playwright/test';
import type { FaultControl } from '../../server/providers/simulator-host';

/**
 * The outside parties' simulators of the test's server (issue 21; docs/decisions/166), as a test
 * drives them: where they are (the app's runtime configuration says), their fault controls, and the
 * index page where a person finds what waits for them (the simulated Smart-ID phone, for instance).
 */
async function originOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/v1/runtime-config');
  const body = (await response.json()) as { data: { simulatorsUrl?: string | null } };
  const origin = body.data.simulatorsUrl;
  if (!origin) throw new Error('this server simulates no provider (runtime-config has no simulatorsUrl)');
  return origin;
}

export const simulators = {
  origin: originOf,
  /** The next API calls to `simulator` fail as asked (`status`, `malformed`, `slow`, `hang`), `times` of them (1 by default). */
  async fault(page: Page, control: Partial<FaultControl> & Pick<FaultControl, 'simulator' | 'fault'>): Promise<void> {
    const response = await page.request.post(`${await originOf(page)}/control/faults`, { data: control });
    if (!response.ok()) throw new Error(`the simulators' fault control answered ${response.status()}: ${await response.text()}`);
  },
  /** Opens the simulators' index page in a new tab of the same browser, as a person would from the footer's link. */
  async openIndex(page: Page): Promise<Page> {
    const tab = await page.context().newPage();
    await tab.goto(await originOf(page));
    return tab;
  },
};
