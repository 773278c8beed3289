/**
 * The pages of the eParaksts and bank simulators (decision 168) are the providers' pages a person
 * meets: accessible on their own (axe finds no WCAG 2.2 A/AA violation; lang, title, one h1, a
 * fieldset with a legend, labelled radios with the answer preselected, a real submit button), and
 * what a service passes in is escaped. They replace the sandbox pages of decision 139.
 */
import { describe, expect, it } from 'vitest';
import type { Simulator, SimulatorContext } from '../../../server/providers/simulator-host';
import { readEparakstsSettings } from '../../../server/providers/eparaksts/eparaksts.settings';
import { eparakstsSimulator } from '../../../server/providers/eparaksts/eparaksts.simulator';
import { readBankPaymentSettings } from '../../../server/providers/bank-payment/bank-payment.settings';
import { bankPaymentSimulator } from '../../../server/providers/bank-payment/bank-payment.simulator';
import { expectNoAxeViolations } from '../../support/axe';

const ORIGIN = 'http://127.0.0.1:1';
const context: SimulatorContext = { origin: () => ORIGIN, base: (name) => `${ORIGIN}/${name}` };
const eparaksts = eparakstsSimulator(readEparakstsSettings({}, 'test'), context);
const banks = bankPaymentSimulator(readBankPaymentSettings({}, 'test'), context);
const HOSTILE = '<script>alert(1)</script>';

function load(html: string): Document {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.title = parsed.title;
  document.body.innerHTML = parsed.body.innerHTML;
  return document;
}

function authorization(extra: Record<string, string>): string {
  return new URLSearchParams({
    response_type: 'code',
    client_id: 'solis-demonstration',
    redirect_uri: 'http://localhost/api/v1/signing/eparaksts/callback',
    scope: 'openid',
    state: 'a-state',
    nonce: 'a-nonce',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
}

/** The person's page of an authorization request, as the browser reaches it (authorize, then 303). */
async function personPage(simulator: Simulator, path: string, query: string): Promise<Document> {
  const received = await simulator.routes.request(`${path}?${query}`);
  expect(received.status).toBe(303);
  const page = await simulator.routes.request(new URL(received.headers.get('location') ?? '').pathname.replace(`/${simulator.name}`, ''));
  expect(page.status).toBe(200);
  return load(await page.text());
}

function expectAnswerForm(page: Document, preselected: string) {
  expect(page.documentElement.lang).toBe('en');
  expect(page.querySelectorAll('h1')).toHaveLength(1);
  expect(page.querySelector('fieldset legend')?.textContent).toBe('Your answer');
  const chosen = page.querySelector<HTMLInputElement>('input[name="outcome"]:checked');
  expect(chosen?.value).toBe(preselected);
  for (const radio of page.querySelectorAll<HTMLInputElement>('input[type="radio"]')) expect(page.querySelector(`label[for="${radio.id}"]`)?.textContent?.length).toBeGreaterThan(3);
  expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Continue');
  expect(page.querySelector('script')).toBeNull();
}

describe("the eParaksts simulator's pages", () => {
  it('authentication: accessible, the answer preselected, what the service sent escaped', async () => {
    const page = await personPage(eparaksts, '/authorize', authorization({ login_hint: HOSTILE, acr_values: 'urn:eparaksts:eid-card' }));
    await expectNoAxeViolations(page.body);
    expect(page.title).toBe('eParaksts: confirm your identity');
    expectAnswerForm(page, 'approve');
    expect(page.body.textContent).toContain(HOSTILE);
    expect(page.body.textContent).toContain('eID card');
  });

  it('signing: the document and its digest are shown', async () => {
    const details = JSON.stringify([{ type: 'credential', documentDigests: [{ hash: Buffer.alloc(32, 1).toString('base64'), label: `contract-${HOSTILE}.pdf` }], hashAlgorithmOID: '2.16.840.1.101.3.4.2.1' }]);
    const page = await personPage(eparaksts, '/authorize', authorization({ authorization_details: details }));
    await expectNoAxeViolations(page.body);
    expect(page.title).toBe('eParaksts: sign a document');
    expectAnswerForm(page, 'sign');
    expect(page.body.textContent).toContain(`contract-${HOSTILE}.pdf`);
    expect([...page.querySelectorAll('input[type="radio"]')].map((radio) => (radio as HTMLInputElement).value)).toEqual(['sign', 'refuse', 'certificate-inactive', 'error']);
  });

  it('a request it cannot answer, and one answered already, are pages too', async () => {
    const refused = await eparaksts.routes.request(`/authorize?${authorization({ client_id: 'someone-else' })}`);
    expect(refused.status).toBe(400);
    const page = load(await refused.text());
    await expectNoAxeViolations(page.body);
    expect(page.querySelector('h1')?.textContent).toBe('eParaksts: this request cannot be answered');
    const gone = await eparaksts.routes.request('/requests/nothing-here');
    expect(gone.status).toBe(404);
    expect(load(await gone.text()).querySelector('h1')?.textContent).toBe('eParaksts: this request is no longer open');
  });
});

describe("the banks' pages", () => {
  it('a payment to confirm: accessible, the bank and the payment shown, escaped', async () => {
    const details = JSON.stringify([
      {
        type: 'payment_initiation',
        actions: ['initiate', 'status'],
        instructedAmount: { currency: 'EUR', amount: '0.01' },
        creditorName: 'Solis demonstration lender',
        creditorAccount: { iban: 'LV51SOLS0000000000001' },
        remittanceInformationUnstructured: HOSTILE,
      },
    ]);
    const page = await personPage(banks, '/UNLALV2X/authorize', authorization({ authorization_details: details, redirect_uri: 'http://localhost/api/v1/signing/payment/callback' }));
    await expectNoAxeViolations(page.body);
    expect(page.title).toBe('SEB (UNLALV2X): confirm a payment');
    expectAnswerForm(page, 'approve');
    expect(page.body.textContent).toContain('0.01 EUR');
    expect(page.body.textContent).toContain(HOSTILE);
  });
});
