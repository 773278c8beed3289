/**
 * Issue 26 item 1 (decision 198): once the configuration is known, the first step's chunks and the
 * product data the step page initialises are asked for at once, beside the language's messages; the
 * step page then gets the same answers without asking again.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../core/wire/config.schema';
import { isWebProduct, productsForChannel } from '../../core/domain/products';
import type * as StepLoader from '../../src/app/step-loader';
import type * as ProductData from '../../src/app/product-data';
import type * as StartWarmUp from '../../src/app/start-warm-up';
import type * as ContinueWarmUp from '../../src/app/continue-warm-up';

// The step loader and the product data as a page that has just started has them: the test files of
// a worker share their modules (decision 200), and another file may have loaded a step or products.
let loadedStepScreen: typeof StepLoader.loadedStepScreen;
let loadProductTable: typeof ProductData.loadProductTable;
let warmUpFirstStep: typeof StartWarmUp.warmUpFirstStep;
let takeWarmContinue: typeof ContinueWarmUp.takeWarmContinue;
beforeAll(async () => {
  vi.resetModules();
  ({ loadedStepScreen } = await import('../../src/app/step-loader'));
  ({ loadProductTable } = await import('../../src/app/product-data'));
  ({ warmUpFirstStep } = await import('../../src/app/start-warm-up'));
  ({ takeWarmContinue } = await import('../../src/app/continue-warm-up'));
});

const CONFIG = { businessDomain: 'retail-banking-ee', countryCode: 'EE', firstTaskDefinitionKey: 'createApplicationStep' } as RuntimeConfig;
const WEB_PRODUCTS = productsForChannel('retail-banking-ee', 'WEBPAGE', 'EE')
  .filter((item) => isWebProduct(item.productName))
  .map((item) => item.productName);

/** The product names the page asked pricing for, one entry per product asked. */
let asked: string[] = [];
/** How many pricing requests the page made (decision 201: one for all the products it initialises). */
let pricingRequests = 0;
/** The continue calls the page made, by URL (decision 227). */
let continued: string[] = [];

beforeEach(() => {
  asked = [];
  pricingRequests = 0;
  continued = [];
  // The answers never come: what counts here is what is asked, and how often.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/continue')) continued.push(url);
    if (url.includes('pricing-conditions')) {
      const body = JSON.parse(String(init?.body)) as { productName?: string; productNames?: string[] };
      pricingRequests += 1;
      asked.push(...(body.productNames ?? [body.productName!]));
    }
    return new Promise<Response>(() => undefined);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('warming up the first step (issue 26)', () => {
  it('leaves an embedded page, another route and an opened application to the step page', () => {
    expect(warmUpFirstStep(CONFIG, { pathname: '/', search: '' }, true)).toEqual({ step: null, products: null });
    expect(warmUpFirstStep(CONFIG, { pathname: '/choose-product', search: '' }, false)).toEqual({ step: null, products: null });
    expect(warmUpFirstStep(CONFIG, { pathname: '/', search: '?externalId=abc' }, false).step).toBeNull();
    expect(loadedStepScreen('createApplicationStep', 'default')).toBeUndefined();
  });

  it('loads the first step and asks each web product once, in one request, and the step page asks nothing again', async () => {
    expect(WEB_PRODUCTS.length).toBeGreaterThan(1);
    const { step, products } = warmUpFirstStep(CONFIG, { pathname: '/', search: '?lang=en' }, false);
    expect(products).not.toBeNull();
    await step;
    expect(loadedStepScreen('createApplicationStep', 'default')).toBeDefined();
    await vi.waitFor(() => expect([...asked].sort()).toEqual([...WEB_PRODUCTS].sort()));
    expect(pricingRequests).toBe(1);
    // The step page's own initialisation (section 4), as the application machine asks it.
    void loadProductTable({ productNames: WEB_PRODUCTS, partner: null }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toHaveLength(WEB_PRODUCTS.length);
    expect(pricingRequests).toBe(1);
  });
});

describe('warming up a continued application (decision 227)', () => {
  const ID = '2d4c1f3e-0000-4000-8000-000000000000';

  it("asks the applicant's current task at once, and the machine's continue call takes that answer once", async () => {
    warmUpFirstStep(CONFIG, { pathname: '/', search: `?externalId=${ID}&lang=ru` }, false);
    await vi.waitFor(() => expect(continued).toHaveLength(1));
    expect(continued[0]).toContain(`application-process/${ID}/continue`);
    // Another person's view, another application or a redirect to store: not this answer.
    expect(takeWarmContinue({ externalId: ID, role: 'COBORROWER' })).toBeNull();
    expect(takeWarmContinue({ externalId: 'another', role: 'APPLICANT' })).toBeNull();
    expect(takeWarmContinue({ externalId: ID, role: 'APPLICANT', webShopRedirectUri: 'https://shop.example/back' })).toBeNull();
    expect(takeWarmContinue({ externalId: ID, role: 'APPLICANT' })).toBeInstanceOf(Promise);
    expect(takeWarmContinue({ externalId: ID, role: 'APPLICANT' })).toBeNull();
  });

  it('asks nothing for a role, a partner parameter, an embedded page or another route', async () => {
    warmUpFirstStep(CONFIG, { pathname: '/', search: `?externalId=${ID}&role=coborrower` }, false);
    warmUpFirstStep(CONFIG, { pathname: '/', search: `?externalId=${ID}&webShopRedirectUri=x` }, false);
    warmUpFirstStep(CONFIG, { pathname: '/', search: `?externalId=${ID}` }, true);
    warmUpFirstStep(CONFIG, { pathname: '/resume', search: `?externalId=${ID}` }, false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(continued).toEqual([]);
    expect(takeWarmContinue({ externalId: ID, role: 'APPLICANT' })).toBeNull();
  });
});
