import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskResponse } from '../../../core/wire/application.schema';
import type { CountryCode } from '../../../core/domain/business-domains';
import type { Locale } from '../../../core/domain/languages';
import { expectNoAxeViolations } from '../../../tests/support/axe';
import { type User, continueButton, group, summaryOf } from '../../../tests/support/step-queries';
import { expectStepSpeaks, renderStep } from '../../../tests/support/render-step';
import { activateLocale } from '../../i18n/i18n';
import summary from './summary';

const KEY = 'submitLeasingData';
const THIS_YEAR = new Date().getFullYear();

/** A corporate application of `productName` at the leasing step, with the calculator's amount and period. */
function leasingTask(productName: string, credit: { loanAmount?: number; loanPeriod?: number } = {}): Partial<TaskResponse> {
  return {
    externalId: 'app-1',
    application: {
      externalId: 'app-1',
      businessDomain: 'corporate-banking',
      currency: 'EUR',
      source: null,
      creditConditions: { productName, loanAmount: credit.loanAmount ?? null, loanPeriod: credit.loanPeriod ?? null },
      relatedPersons: { persons: [{ id: 'p-1', role: 'APPLICANT', languageCode: 'eng' }], relations: [] },
    },
  };
}

async function render(productName: string, options: { country?: CountryCode; locale?: Locale; credit?: { loanAmount?: number; loanPeriod?: number } } = {}) {
  return renderStep(KEY, {
    domain: 'corporate-banking',
    task: leasingTask(productName, options.credit),
    ...(options.locale ? { locale: options.locale } : {}),
    config: { countryCode: options.country ?? 'EE', allowedLocales: ['et', 'lv', 'lt', 'ru', 'en'] },
  });
}

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const radio = (name: string | RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const vatFigures = () => screen.getByText(/^Price without VAT/).textContent;
/** The error message shown on a field (inside its form group). */
const errorOn = (input: HTMLElement) => (input.closest('.solis-form-group') as HTMLElement).querySelector('.solis-error-message')?.textContent?.replace(/^Error:\s*/, '');

async function fill(user: User, answers: { price?: string; year?: string; leaseType?: RegExp; period?: string; mode?: RegExp; downPayment?: string; residual?: string; vat?: RegExp }) {
  if (answers.price !== undefined) {
    await user.clear(textbox(/Price of the asset/));
    await user.type(textbox(/Price of the asset/), answers.price);
  }
  if (answers.year !== undefined) await user.type(textbox(/Year of/), answers.year);
  if (answers.leaseType) await user.click(radio(answers.leaseType));
  if (answers.period !== undefined) {
    await user.clear(textbox(/Leasing period in months/));
    await user.type(textbox(/Leasing period in months/), answers.period);
  }
  if (answers.mode) await user.click(radio(answers.mode));
  if (answers.downPayment !== undefined) await user.type(textbox(/^Down payment/), answers.downPayment);
  if (answers.residual !== undefined) await user.type(textbox(/^Residual value/), answers.residual);
  if (answers.vat) await user.click(radio(answers.vat));
}

describe('SubmitLeasingData', () => {
  // jsdom has no CSS.escape, which user-event uses for the arrow keys in a radio group.
  beforeAll(() => {
    if (typeof globalThis.CSS?.escape !== 'function') vi.stubGlobal('CSS', { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) });
  });

  it('car leasing: asks the registration year, offers both lease types, starts from the calculator’s amount and period, and passes axe', async () => {
    const { view } = await render('CAR_LEASING_BUSINESS', { credit: { loanAmount: 30000, loanPeriod: 60 } });
    expect(screen.getByRole('heading', { level: 1, name: 'What the company is leasing' })).toBeTruthy();
    expect(textbox(/Year of first registration/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Year of production/ })).toBeNull();
    expect(within(group('Type of lease')).getAllByRole('radio').map((option) => (option as HTMLInputElement).value)).toEqual(['FINANCIAL_LEASE', 'OPERATING_LEASE']);
    expect(textbox(/Price of the asset/).value).toBe('30000');
    expect(textbox(/Leasing period in months/).value).toBe('60');
    expect(radio('As a percentage of the price').checked).toBe(true);
    // Car leasing in Estonia: 4 000 to 70 000 (section 9); the year from this year minus 15 to next year.
    expect(screen.getByText('From €4,000 to €70,000, as on the seller’s offer')).toBeTruthy();
    expect(screen.getByText(`From ${THIS_YEAR - 15} to ${THIS_YEAR + 1}, for example ${THIS_YEAR - 2}`)).toBeTruthy();
    for (const control of view.container.querySelectorAll('input:not([type=checkbox]):not([type=radio])')) {
      expect(control.getAttribute('autocomplete'), control.getAttribute('name') ?? '').toBeTruthy();
    }
    await expectNoAxeViolations(view.container);
  });

  it('sends exactly the agreed payload (applicationUpdates.leasing), percentages as given', async () => {
    const { user, submitted } = await render('CAR_LEASING_BUSINESS', { credit: { loanAmount: 30000, loanPeriod: 60 } });
    await user.click(screen.getByRole('checkbox', { name: 'The price includes VAT' }));
    await fill(user, { year: String(THIS_YEAR - 2), leaseType: /^Financial lease/, downPayment: '10', residual: '25,5', vat: /Spread over the monthly payments/ });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission).toMatchObject({ taskDefinitionKey: KEY, variables: {} });
    expect(submitted[0]?.submission.application).toEqual({
      applicationUpdates: {
        leasing: {
          price: 30000,
          priceIncludesVat: true,
          assetYear: THIS_YEAR - 2,
          leaseType: 'FINANCIAL_LEASE',
          period: 60,
          paymentMode: 'percent',
          downPayment: 10,
          residual: 25.5,
          vatPaymentMethod: 'IN_INSTALMENTS',
        },
      },
      personUpdates: [],
      addRelations: [],
      customData: {},
    });
  });

  it('car leasing: a registration year older than 15 years or after next year is refused, naming the years', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS');
    await user.type(textbox(/Year of first registration/), String(THIS_YEAR - 16));
    await user.tab();
    expect(errorOn(textbox(/Year of first registration/))).toBe(`Enter a first registration year from ${THIS_YEAR - 15} to ${THIS_YEAR + 1}`);
    await user.clear(textbox(/Year of first registration/));
    await user.type(textbox(/Year of first registration/), String(THIS_YEAR + 1));
    await user.tab();
    expect(errorOn(textbox(/Year of first registration/))).toBeUndefined();
    await user.clear(textbox(/Year of first registration/));
    await user.type(textbox(/Year of first registration/), String(THIS_YEAR + 2));
    await user.tab();
    expect(errorOn(textbox(/Year of first registration/))).toBe(`Enter a first registration year from ${THIS_YEAR - 15} to ${THIS_YEAR + 1}`);
  });

  it('equipment leasing: asks the production year, offers a financial lease only (chosen), and takes prices from 2 000 to 350 000', async () => {
    const { user, submitted } = await render('EQUIPMENT_LEASING_BUSINESS');
    expect(textbox(/Year of production/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Year of first registration/ })).toBeNull();
    const types = within(group(/Type of lease/)).getAllByRole('radio') as HTMLInputElement[];
    expect(types.map((option) => [option.value, option.checked])).toEqual([['FINANCIAL_LEASE', true]]);
    expect(screen.getByText('From €2,000 to €350,000, as on the seller’s offer')).toBeTruthy();
    await fill(user, { price: '1999,99' });
    await user.tab();
    expect(errorOn(textbox(/Price of the asset/))).toBe('Enter a price from €2,000 to €350,000');
    await fill(user, { price: '350000.01' });
    await user.tab();
    expect(errorOn(textbox(/Price of the asset/))).toBe('Enter a price from €2,000 to €350,000');
    await fill(user, { price: '350 000', year: String(THIS_YEAR - 15), period: '84', downPayment: '0', residual: '0', vat: /All at once/ });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({
      leasing: expect.objectContaining({ price: 350000, assetYear: THIS_YEAR - 15, leaseType: 'FINANCIAL_LEASE', period: 84, downPayment: 0, residual: 0, vatPaymentMethod: 'WITH_DOWN_PAYMENT' }),
    });
  });

  it('a car’s price above 70 000 is refused in Estonia; Latvia’s maximum is 60 000 and Lithuania’s 100 000 (section 9)', async () => {
    const estonia = await render('CAR_LEASING_BUSINESS');
    await fill(estonia.user, { price: '70000,01' });
    await estonia.user.tab();
    expect(errorOn(textbox(/Price of the asset/))).toBe('Enter a price from €4,000 to €70,000');
    estonia.view.unmount();
    await render('CAR_LEASING_BUSINESS', { country: 'LV' });
    expect(screen.getByText('From €4,000 to €60,000, as on the seller’s offer')).toBeTruthy();
  });

  it('green leasing: offers an operating lease, whose period is at most 72 months (a financial lease’s 84)', async () => {
    const { user, submitted } = await render('GREEN_LEASING_BUSINESS');
    expect(textbox(/Year of production/)).toBeTruthy();
    await fill(user, { price: '40000', year: String(THIS_YEAR), leaseType: /^Operating lease/, period: '73', downPayment: '0', residual: '30', vat: /All at once/ });
    expect(screen.getByText('From 6 to 72 months')).toBeTruthy();
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter a leasing period from 6 to 72 months']);
    expect(submitted).toHaveLength(0);
    await fill(user, { period: '72' });
    await user.click(continueButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({ leasing: expect.objectContaining({ leaseType: 'OPERATING_LEASE', period: 72 }) });
  });

  it('a financial lease runs 6 to 84 months', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS');
    expect(screen.getByText('From 6 to 84 months')).toBeTruthy();
    await fill(user, { period: '85' });
    await user.tab();
    expect(errorOn(textbox(/Leasing period in months/))).toBe('Enter a leasing period from 6 to 84 months');
    await fill(user, { period: '5' });
    await user.tab();
    expect(errorOn(textbox(/Leasing period in months/))).toBe('Enter a leasing period from 6 to 84 months');
  });

  it('shows the price with and without VAT as it is typed: Estonia’s VAT 24 % (factor 1.24)', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS');
    expect(screen.getByText('VAT in this country is 24%.')).toBeTruthy();
    await fill(user, { price: '10000' });
    expect(vatFigures()).toBe('Price without VAT: €10,000. Price with VAT: €12,400.');
    await user.click(screen.getByRole('checkbox', { name: 'The price includes VAT' }));
    expect(vatFigures()).toBe('Price without VAT: €8,064.52. Price with VAT: €10,000.');
  });

  it('Latvia’s VAT is 21 % (factor 1.21), and the amounts are parts of the price without VAT', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS', { country: 'LV' });
    expect(screen.getByText('VAT in this country is 21%.')).toBeTruthy();
    await fill(user, { price: '12100' });
    expect(vatFigures()).toBe('Price without VAT: €12,100. Price with VAT: €14,641.');
    await user.click(screen.getByRole('checkbox', { name: 'The price includes VAT' }));
    expect(vatFigures()).toBe('Price without VAT: €10,000. Price with VAT: €12,100.');
    await fill(user, { mode: /As an amount in euros/ });
    expect(screen.getByText('From €0 to €9,000: up to 90% of the price without VAT')).toBeTruthy();
  });

  it('amounts: the down payment up to 90 % and the residual up to 65 % of the price without VAT, in euros', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS');
    await fill(user, { mode: /As an amount in euros/ });
    expect(textbox('Down payment, in euros')).toBeTruthy();
    expect(screen.getByText('Up to 90% of the price without VAT. Enter the price first to see the amounts.')).toBeTruthy();
    await fill(user, { price: '20000', downPayment: '18000,01', residual: '13000,01' });
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(
      expect.arrayContaining(['Enter a down payment from €0 to €18,000', 'Enter a residual value from €0 to €13,000']),
    );
  });

  it('percentages: the down payment 0 to 90 % and the residual 0 to 65 % of the price', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS');
    expect(textbox('Down payment, % of the price')).toBeTruthy();
    expect(screen.getByText('From 0% to 90% of the price without VAT')).toBeTruthy();
    await fill(user, { price: '20000', downPayment: '90,01', residual: '65,01' });
    await user.click(continueButton());
    const summary = await summaryOf();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(
      expect.arrayContaining(['Enter a down payment from 0% to 90% of the price', 'Enter a residual value from 0% to 65% of the price']),
    );
  });

  it('refuses a down payment and residual above the total, on the residual: 100 % of it, or the price without VAT', async () => {
    const percent = await render('CAR_LEASING_BUSINESS');
    await fill(percent.user, { price: '20000', year: String(THIS_YEAR), leaseType: /^Financial lease/, period: '36', downPayment: '60', residual: '40,01', vat: /All at once/ });
    await percent.user.click(continueButton());
    const summary = await summaryOf();
    const link = within(summary).getByRole('link', { name: 'The down payment and residual value together cannot be more than the price. Lower one of them' });
    await percent.user.click(link);
    expect(document.activeElement).toBe(textbox(/^Residual value/));
    expect(percent.submitted).toHaveLength(0);
    percent.view.unmount();

    const amount = await render('CAR_LEASING_BUSINESS');
    await amount.user.click(screen.getByRole('checkbox', { name: 'The price includes VAT' }));
    await fill(amount.user, { price: '12400', year: String(THIS_YEAR), leaseType: /^Financial lease/, period: '36', mode: /As an amount in euros/, downPayment: '6000', residual: '4000,01', vat: /All at once/ });
    await amount.user.click(continueButton());
    expect(within(await summaryOf()).getAllByRole('link').map((item) => item.textContent)).toEqual([
      'The down payment and residual value together cannot be more than the price. Lower one of them',
    ]);
    await amount.user.clear(textbox(/^Residual value/));
    await amount.user.type(textbox(/^Residual value/), '4000');
    await amount.user.click(continueButton());
    await waitFor(() => expect(amount.submitted).toHaveLength(1));
    expect(amount.submitted[0]?.submission.application.applicationUpdates).toEqual({
      leasing: expect.objectContaining({ price: 12400, priceIncludesVat: true, paymentMode: 'amount', downPayment: 6000, residual: 4000 }),
    });
  });

  it('names every unanswered question in the error summary, in the order of the page', async () => {
    const { user } = await render('CAR_LEASING_BUSINESS');
    await user.click(continueButton());
    expect(within(await summaryOf()).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter the price of the asset',
      'Enter the year of first registration',
      'Select the type of lease',
      'Enter the leasing period in months',
      'Enter the down payment',
      'Enter the residual value',
      'Select how the VAT is paid',
    ]);
  });

  it('can be answered and sent with the keyboard alone', async () => {
    const { user, submitted } = await render('GREEN_LEASING_BUSINESS');
    /** Tabs forward until `target` has focus (at most 30 presses): it is reachable in the tab order. */
    const tabTo = async (target: HTMLElement) => {
      for (let presses = 0; presses < 30 && document.activeElement !== target; presses += 1) await user.tab();
      expect(document.activeElement).toBe(target);
    };
    await tabTo(textbox(/Price of the asset/));
    await user.keyboard('25000');
    await tabTo(screen.getByRole('checkbox', { name: 'The price includes VAT' }));
    await user.keyboard(' ');
    await tabTo(textbox(/Year of production/));
    await user.keyboard(String(THIS_YEAR - 1));
    // A radio group is one tab stop; the arrow keys choose within it.
    await tabTo(radio(/^Financial lease/));
    await user.keyboard('{ArrowDown}');
    expect(radio(/^Operating lease/).checked).toBe(true);
    await tabTo(textbox(/Leasing period in months/));
    await user.keyboard('48');
    await tabTo(radio('As a percentage of the price'));
    await user.keyboard('{ArrowRight}');
    expect(radio('As an amount in euros').checked).toBe(true);
    await tabTo(textbox(/^Down payment/));
    await user.keyboard('5000');
    await tabTo(textbox(/^Residual value/));
    await user.keyboard('8000');
    await tabTo(radio(/All at once/));
    await user.keyboard(' ');
    await tabTo(continueButton());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.submission.application.applicationUpdates).toEqual({
      leasing: {
        price: 25000,
        priceIncludesVat: true,
        assetYear: THIS_YEAR - 1,
        leaseType: 'OPERATING_LEASE',
        period: 48,
        paymentMode: 'amount',
        downPayment: 5000,
        residual: 8000,
        vatPaymentMethod: 'WITH_DOWN_PAYMENT',
      },
    });
  });

  it('reads on the check-answers page: the down payment and residual as percentages or amounts, as given', async () => {
    await activateLocale('en');
    const read = (values: Record<string, unknown>) => summary.rows(values, i18n).map((row) => [row.field, row.question, row.answer.replace(/[\u00a0\u202f]/g, ' ')]);
    const answers = { price: '12400', priceIncludesVat: true, assetYear: '2024', leaseType: 'OPERATING_LEASE', period: '48', paymentMode: 'percent', downPayment: '10', residual: '25.5', vatPaymentMethod: 'IN_INSTALMENTS' };
    expect(summary.title(i18n)).toBe('What the company is leasing');
    expect(read(answers)).toEqual([
      ['price', 'Price of the asset, in euros', '€12,400'],
      ['priceIncludesVat', 'The price includes VAT', 'Yes'],
      ['assetYear', 'Year of first registration or production', '2024'],
      ['leaseType', 'Type of lease', 'Operating lease: the asset is returned at the end'],
      ['period', 'Leasing period in months', '48'],
      ['paymentMode', 'How do you give the down payment and residual value?', 'As a percentage of the price'],
      ['downPayment', 'Down payment', '10%'],
      ['residual', 'Residual value', '25.5%'],
      ['vatPaymentMethod', 'How is the VAT paid?', 'Spread over the monthly payments'],
    ]);
    expect(read({ ...answers, paymentMode: 'amount', downPayment: '1000', residual: '' }).slice(6, 8)).toEqual([
      ['downPayment', 'Down payment', '€1,000'],
      ['residual', 'Residual value', 'Not given'],
    ]);
  });

  it.each([
    ['et', 'Mida ettevõte liisib'],
    ['lv', 'Ko uzņēmums līzingo'],
    ['lt', 'Ką įmonė išsinuomoja lizingu'],
    ['ru', 'Что компания берёт в лизинг'],
  ] as const)('speaks %s', async (locale, heading) => {
    await expectStepSpeaks(KEY, locale, heading, {
      domain: 'corporate-banking',
      task: leasingTask('CAR_LEASING_BUSINESS'),
      config: { allowedLocales: ['et', 'lv', 'lt', 'ru', 'en'] },
    });
  });
});
