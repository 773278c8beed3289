import { describe, expect, it } from 'vitest';
import type { StartParameters } from '../../machines/application/application.actors';
import { loaded, settle, startApplication, submission, taskResponse, type RunningApplication } from './actor.fakes';

/**
 * Section 3 and 4: before the application exists, the partner's goods decide its product and their
 * price its amount; the application, once it exists, keeps its own. What the first change creates is
 * what the applicant sees decided (createApplication's start).
 */

/** The bank's own products of Estonian retail's web pages, as products are initialised for a new application. */
const OWN_PRODUCTS = ['SMALL_LOAN', 'CAR_LOAN', 'RENOVATION_LOAN', 'REFINANCING_LOAN', 'HOUSING_LOAN', 'REAL_ESTATE_LOAN', 'CREDIT_CARD_VISA_CLASSIC', 'CREDIT_CARD_VISA_GOLD'];

/** A new application from a link: its products loaded as the loader answers, then the first change creates it. */
async function createdFrom(start: StartParameters, partnerProduct: string | null): Promise<RunningApplication> {
  const run = startApplication({ initialiseProducts: true, start });
  if (start.partner?.regCode === undefined) run.fakes.findPreviousApplication.last().resolve(null);
  await settle();
  run.fakes.loadProducts.last().resolve({ products: {}, partnerProduct: partnerProduct as never });
  run.fakes.loadStepView.last().resolve(loaded());
  await settle();
  run.actor.send({ type: 'form.changed', data: { firstName: 'Mari' } });
  return run;
}

describe("application machine: the partner's goods decide a new application's product and amount", () => {
  it("a link without a partner's goods creates the application with the product and amount it named", async () => {
    const run = await createdFrom({ productName: 'CAR_LOAN', loanAmount: 12000 }, null);
    expect(run.fakes.createApplication.last().input).toEqual({ start: { productName: 'CAR_LOAN', loanAmount: 12000 }, languageCode: 'en' });
  });

  it("the goods' price becomes the amount when it is above 0", async () => {
    const partner = { regCode: '10000002', goodsName: 'laptop', goodsPrice: 899 };
    const run = await createdFrom({ productName: 'SMALL_LOAN', loanAmount: 5000, partner }, 'COMP_HIRE_PURCHASE');
    expect(run.fakes.createApplication.last().input.start).toEqual({ productName: 'COMP_HIRE_PURCHASE', loanAmount: 899, partner });
  });

  it.each([
    ['a price of 0', { regCode: '10000002', goodsName: 'laptop', goodsPrice: 0 }],
    ['no price', { regCode: '10000002', goodsName: 'laptop' }],
  ])("with %s the goods decide the product and the link's amount stays", async (_, partner) => {
    const run = await createdFrom({ productName: 'SMALL_LOAN', loanAmount: 5000, partner }, 'COMP_HIRE_PURCHASE');
    expect(run.fakes.createApplication.last().input.start).toEqual({ productName: 'COMP_HIRE_PURCHASE', loanAmount: 5000, partner });
  });

  it('with no price and no amount in the link, the application is created with no amount', async () => {
    const partner = { regCode: '10000002', goodsName: 'laptop' };
    const run = await createdFrom({ partner }, 'COMP_HIRE_PURCHASE');
    expect(run.fakes.createApplication.last().input.start).toEqual({ productName: 'COMP_HIRE_PURCHASE', partner });
  });

  it("goods the partner sells under no product leave the link's product", async () => {
    const partner = { regCode: '10000002', goodsName: 'gift card', goodsPrice: 50 };
    const run = await createdFrom({ productName: 'SMALL_LOAN', partner }, null);
    expect(run.fakes.createApplication.last().input.start).toEqual({ productName: 'SMALL_LOAN', partner });
  });

  it("an application that exists keeps its own product and amount: the partner's goods decide nothing", async () => {
    const task = taskResponse({ externalId: 'ext-shop' });
    task.application.source = { channel: 'PARTNER', partner: { regCode: '10000002' } };
    task.application.goodsName = 'laptop';
    task.application.goodsPrice = 899;
    const run = startApplication({ initialiseProducts: true, start: { externalId: 'ext-shop' } });
    run.fakes.continueApplication.last().resolve(task);
    await settle();
    expect(run.fakes.loadProducts.last().input.partner).toEqual({ regCode: '10000002', goodsName: 'laptop' });
    run.fakes.loadProducts.last().resolve({ products: {}, partnerProduct: 'COMP_HIRE_PURCHASE' });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    expect(run.actor.getSnapshot().context.start).toEqual({ externalId: 'ext-shop' });
  });
});

describe("application machine: the partner's goods are asked for once", () => {
  it('what was asked for is remembered: the bank’s products, then the partner’s goods by its registration code and name', async () => {
    const withGoods = await createdFrom({ partner: { regCode: '10000002', goodsName: 'laptop' } }, 'COMP_HIRE_PURCHASE');
    expect(withGoods.actor.getSnapshot().context.productsAsked).toEqual([...OWN_PRODUCTS, 'partner:10000002:laptop']);

    const withoutGoods = await createdFrom({}, null);
    expect(withoutGoods.actor.getSnapshot().context.productsAsked).toEqual(OWN_PRODUCTS);
  });

  it("the next step does not ask for the partner's goods again", async () => {
    const run = await createdFrom({ partner: { regCode: '10000002', goodsName: 'laptop', goodsPrice: 899 } }, 'COMP_HIRE_PURCHASE');
    run.fakes.createApplication.last().resolve(taskResponse({ externalId: 'ext-new' }));
    await settle();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(taskResponse({ externalId: 'ext-new', taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2 }));
    await settle();
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
    expect(run.fakes.loadProducts.calls).toHaveLength(1);
  });
});
