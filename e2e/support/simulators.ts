import { expect, type Locator, type Page } from '@playwright/test';
import type { FaultControl } from '../../server/providers/simulator-host';

/**
 * Issue 21 (docs/decisions/167): the simulated providers' own pages, as a person trying `npm start`
 * uses them. The simulators' index (its address is in the runtime configuration) lists every request
 * waiting for a person; a Smart-ID or Mobile-ID request is found there by the verification code the
 * app shows, and answered on the provider's phone page, in a second tab like a phone beside the screen.
 */
export async function simulatorsUrl(page: Page): Promise<string> {
  const reply = await page.request.get('/api/v1/runtime-config');
  const url = ((await reply.json()) as { data: { simulatorsUrl: string | null } }).data.simulatorsUrl;
  if (!url) throw new Error('this server simulates no provider');
  return url;
}

/** Opens the phone page of the party's request with this verification code; the caller answers and closes it. */
export async function openPhonePage(page: Page, party: 'Smart-ID' | 'Mobile-ID', verificationCode: string): Promise<Page> {
  const phone = await page.context().newPage();
  await phone.goto(await simulatorsUrl(page));
  await phone.getByRole('link', { name: new RegExp(`^${party}: .* \\(verification code ${verificationCode}\\)$`) }).click();
  await expect(phone.getByRole('heading', { level: 1, name: new RegExp(`^${party}: `) })).toBeVisible();
  await expect(phone.getByText(verificationCode, { exact: true })).toBeVisible();
  return phone;
}

/** Answers the request on its phone page (`Confirm (enter PIN)` on Smart-ID, `Enter PIN2 and sign` on Mobile-ID...). */
export async function answerOnPhone(page: Page, party: 'Smart-ID' | 'Mobile-ID', verificationCode: string, answer?: string): Promise<void> {
  const phone = await openPhonePage(page, party, verificationCode);
  await phone.getByRole('button', { name: answer ?? (party === 'Smart-ID' ? 'Confirm (enter PIN)' : 'Enter PIN2 and sign'), exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: `${party}: answered` })).toBeVisible();
  await phone.close();
}

/** The four digits the app shows in a verification code status. */
export async function shownCode(status: Locator): Promise<string> {
  await expect(status).toContainText(/\d{4}/);
  const code = /\d{4}/.exec((await status.textContent()) ?? '')?.[0];
  if (!code) throw new Error('no verification code shown');
  return code;
}

/** The simulators' controls (docs/decisions/166): faults for recovery tests, and the index as a person opens it. */
export const simulators = {
  origin: simulatorsUrl,
  /** The next API calls to `simulator` fail as asked (`status`, `malformed`, `slow`, `hang`), `times` of them (1 by default). */
  async fault(page: Page, control: Partial<FaultControl> & Pick<FaultControl, 'simulator' | 'fault'>): Promise<void> {
    const response = await page.request.post(`${await simulatorsUrl(page)}/control/faults`, { data: control });
    if (!response.ok()) throw new Error(`the simulators' fault control answered ${response.status()}: ${await response.text()}`);
  },
};
