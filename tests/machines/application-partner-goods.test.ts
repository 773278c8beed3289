import { describe, expect, it } from 'vitest';
import { setup, type ActorRefFrom } from 'xstate';
import type { StartParameters, StepLogicInput, TaskResponse } from '../../machines/application/application.actors';
import { loaded, settle, startApplication, submission, taskResponse, type RunningApplication } from './actor.fakes';

/**
 * A partner's goods (section 3): which goods the product data is asked for (section 4, products are
 * initialised), and whether the partner fixed the amount the step's calculator shows (section 2).
 */

/** A step machine that keeps the input the application started it with. */
const recorder = setup({ types: { input: {} as StepLogicInput, context: {} as { input: StepLogicInput } } }).createMachine({
  context: ({ input }) => ({ input }),
});

function inputOfStepLogic(run: RunningApplication): StepLogicInput {
  const child = run.actor.getSnapshot().children['recorder'] as ActorRefFrom<typeof recorder> | undefined;
  if (!child) throw new Error('The step logic is not running');
  return child.getSnapshot().context.input;
}

/** An application the server answers with, made through a partner (its source, goods and price). */
function partnerTask(
  partner: { channel?: string | null; regCode?: string | null; noPartner?: boolean; goodsName?: string | null; goodsPrice?: number | null },
  options: Parameters<typeof taskResponse>[0] = {},
): TaskResponse {
  const task = taskResponse(options);
  task.application.source = { channel: partner.channel ?? 'PARTNER', partner: partner.noPartner ? null : { regCode: partner.regCode ?? null } };
  task.application.goodsName = partner.goodsName ?? null;
  task.application.goodsPrice = partner.goodsPrice ?? null;
  return task;
}

/** A new application from a link (no externalId), its first step shown with the recorder. */
async function newFromLink(start: StartParameters): Promise<RunningApplication> {
  const run = startApplication({ start });
  // A partner's link starts afresh; a link without a registration code looks up the session's first.
  run.fakes.findPreviousApplication.calls.at(-1)?.resolve(null);
  await settle();
  run.fakes.loadStepView.last().resolve(loaded({ logic: { recorder } }));
  await settle();
  expect(run.actor.getSnapshot().matches('step')).toBe(true);
  return run;
}

/** A continued application, its step shown with the recorder. */
async function continued(task: TaskResponse, start: StartParameters = {}): Promise<RunningApplication> {
  const run = startApplication({ start: { externalId: task.externalId, ...start } });
  run.fakes.continueApplication.last().resolve(task);
  await settle();
  run.fakes.loadStepView.last().resolve(loaded({ logic: { recorder } }));
  await settle();
  expect(run.actor.getSnapshot().matches('step')).toBe(true);
  return run;
}

describe('application machine: the partner fixed the amount (section 2)', () => {
  it("a partner's link with a registration code and a price fixes the amount on the first step", async () => {
    const run = await newFromLink({ partner: { regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 1500 } });
    expect(inputOfStepLogic(run).partnerAmountFixed).toBe(true);
  });

  it.each([
    ['a price of 0', { regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 0 }],
    ['no price', { regCode: 'SHOP-1', goodsName: 'bike' }],
    ['a price but no registration code', { goodsName: 'bike', goodsPrice: 1500 }],
  ])('a link with %s leaves the amount to the applicant', async (_, partner) => {
    const run = await newFromLink({ partner });
    expect(inputOfStepLogic(run).partnerAmountFixed).toBe(false);
  });

  it('a continued partner-hosted application fixes the amount from what the application keeps, with no link parameters', async () => {
    const run = await continued(partnerTask({ regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 700 }));
    expect(inputOfStepLogic(run).partnerAmountFixed).toBe(true);
  });

  it("the partner short flow leaves the amount fixed to the calculator's own setting (decision 097)", async () => {
    const run = await continued(partnerTask({ channel: 'PARTNER_SHORT', regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 700 }));
    expect(inputOfStepLogic(run).partnerAmountFixed).toBe(false);
  });

  it('an application whose source names no partner shows its step, the amount its own', async () => {
    const run = await continued(partnerTask({ channel: 'WEB', noPartner: true, goodsPrice: 700 }));
    expect(run.actor.getSnapshot().status).toBe('active');
    expect(inputOfStepLogic(run).partnerAmountFixed).toBe(false);
  });
});

describe("application machine: the partner's goods among the products initialised (section 4)", () => {
  it('products are initialised unless the app says otherwise', async () => {
    const run = startApplication({ initialiseProducts: undefined });
    run.fakes.findPreviousApplication.last().resolve(null);
    await settle();
    expect(run.fakes.loadProducts.calls).toHaveLength(1);
  });

  it('an application whose source names no partner asks for no partner goods', async () => {
    const run = startApplication({ initialiseProducts: true, start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(partnerTask({ channel: 'WEB', noPartner: true, goodsName: 'bike' }));
    await settle();
    expect(run.actor.getSnapshot().status).toBe('active');
    expect(run.fakes.loadProducts.last().input.partner).toBeNull();
  });

  it('a link with a registration code but no goods asks for no partner goods', async () => {
    const run = startApplication({ initialiseProducts: true, start: { partner: { regCode: 'SHOP-1', processData: { webShopRedirectUri: 'https://shop.example/back' } } } });
    await settle();
    expect(run.fakes.loadProducts.last().input.partner).toBeNull();
  });

  it('the same goods are asked for once: the next step asks for nothing', async () => {
    const run = startApplication({ initialiseProducts: true, start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(partnerTask({ regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 700 }));
    await settle();
    expect(run.fakes.loadProducts.last().input.partner).toEqual({ regCode: 'SHOP-1', goodsName: 'bike' });
    run.fakes.loadProducts.last().resolve({ products: {}, partnerProduct: 'COMP_HIRE_PURCHASE' });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    run.actor.send({ type: 'step.submitted', submission: submission() });
    run.fakes.submitStep.last().resolve(partnerTask({ regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 700 }, { taskDefinitionKey: 'submitBackgroundData', version: 2, stepCount: 2 }));
    await settle();
    expect(run.fakes.loadProducts.calls).toHaveLength(1);
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    expect(run.actor.getSnapshot().matches('step')).toBe(true);
  });

  it('other goods on a later step are asked for with their terms, and only they', async () => {
    const run = startApplication({ initialiseProducts: true, start: { externalId: 'ext-1' } });
    run.fakes.continueApplication.last().resolve(partnerTask({ regCode: 'SHOP-1', goodsName: 'bike', goodsPrice: 700 }));
    await settle();
    run.fakes.loadProducts.last().resolve({ products: {}, partnerProduct: 'COMP_HIRE_PURCHASE' });
    run.fakes.loadStepView.last().resolve(loaded());
    await settle();
    // The application was changed to other goods of the same shop (loaded again from the server).
    run.actor.send({ type: 'application.reloaded' });
    run.fakes.continueApplication.last().resolve(partnerTask({ regCode: 'SHOP-1', goodsName: 'helmet', goodsPrice: 90 }));
    await settle();
    expect(run.fakes.loadProducts.calls).toHaveLength(2);
    expect(run.fakes.loadProducts.last().input).toEqual({ productNames: [], partner: { regCode: 'SHOP-1', goodsName: 'helmet' } });
  });
});

describe("application machine: continuing with the link's partner parameters (section 4)", () => {
  it('a link with a partner but no redirect address continues with none', () => {
    const run = startApplication({ start: { externalId: 'ext-1', partner: { regCode: 'SHOP-1', goodsName: 'bike' } } });
    expect(run.fakes.continueApplication.last().input).toStrictEqual({ externalId: 'ext-1', role: 'APPLICANT' });
  });
});
