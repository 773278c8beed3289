import type { ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useFormState, useWatch } from 'react-hook-form';
import type { calculatorMachine } from '../../../machines/calculator/calculator.machine';
import { stepFiguresView } from '../../../machines/calculator/calculator-view';
import { ErrorMessage, errorIdOf } from '../../components/field';
import { MoneyField, StepForm, TextField } from '../../components/form/form-fields';
import { fieldIdOf } from '../../components/form/use-step-form';
import { PageHeading } from '../../components/page-heading';
import { Slider } from '../../components/range-field';
import { SubmitButton } from '../../components/submit-button';
import { cardOfChoice, productCardsOf, type ProductCard, type ProductCardId } from '../../../core/domain/product-cards';
import { productTypeOf } from '../../../core/domain/products';
import { useValidationMessage } from '../../i18n/validation-message';
import { formatAmount, formatEur } from '../../../core/validation/format/money';
import { readMoney } from '../../../core/validation/money';
import { CalculatorFigures } from '../../features/calculator/calculator-figures';
import { SubmitErrorText } from '../_kit/step-feedback';
import { useContractForm } from '../_kit/use-contract-form';
import { useApplicationActor } from '../_kit/application-actor';
import { CaptchaRefused, CaptchaSlot, isCaptchaRefusal } from '../../features/captcha/captcha-slot';
import { useStepLogic } from '../_kit/use-step-logic';
import contract from './contract';
import { stepValuesOf } from './logic';
import './choose-product.css';

/** Section 2: each card's title and perks. */
function cardText(id: ProductCardId): { title: ReactNode; perks: ReactNode[] } {
  switch (id) {
    case 'credit-card':
      return { title: <Trans>Credit card</Trans>, perks: [<Trans key="a">Interest only on the credit you use</Trans>, <Trans key="b">Pay anywhere Visa is accepted</Trans>] };
    case 'small-loan':
      return { title: <Trans>Small loan</Trans>, perks: [<Trans key="a">For everyday expenses</Trans>, <Trans key="b">No collateral needed</Trans>] };
    case 'car-loan':
      return { title: <Trans>Car loan</Trans>, perks: [<Trans key="a">For a new or used car</Trans>, <Trans key="b">The car stays in your name</Trans>] };
    case 'travel-loan':
      return { title: <Trans>Travel loan</Trans>, perks: [<Trans key="a">Travel now, pay monthly</Trans>, <Trans key="b">No collateral needed</Trans>] };
    case 'renovation-loan':
      return { title: <Trans>Renovation loan</Trans>, perks: [<Trans key="a">For repairs and improvements at home</Trans>, <Trans key="b">Longer periods for larger amounts</Trans>] };
    case 'wedding-loan':
      return { title: <Trans>Wedding loan</Trans>, perks: [<Trans key="a">For the wedding and everything around it</Trans>, <Trans key="b">No collateral needed</Trans>] };
    case 'health-loan':
      return { title: <Trans>Health and beauty loan</Trans>, perks: [<Trans key="a">For medical, dental and beauty treatments</Trans>, <Trans key="b">No collateral needed</Trans>] };
    case 'training-loan':
      return { title: <Trans>Training loan</Trans>, perks: [<Trans key="a">For courses, studies and training</Trans>, <Trans key="b">No collateral needed</Trans>] };
    case 'hobby-loan':
      return { title: <Trans>Hobby loan</Trans>, perks: [<Trans key="a">For the equipment and lessons of your hobby</Trans>, <Trans key="b">No collateral needed</Trans>] };
    case 'refinancing-loan':
      return { title: <Trans>Refinancing loan</Trans>, perks: [<Trans key="a">Combine your loans and card debts into one</Trans>, <Trans key="b">One monthly payment</Trans>] };
  }
}

/** Section 2: the disclaimer: real estate, credit card, or any other loan. */
function Disclaimer({ card }: { card: ProductCard | undefined }) {
  const type = card ? productTypeOf(card.productName) : undefined;
  if (type === 'CREDIT_CARD') {
    return (
      <Trans>
        A credit card is a consumer credit. Interest is charged only on the credit you use, and you repay at least the minimum payment each
        month. The figures are an example in which the whole limit is used at once and repaid in 12 months; your limit depends on our
        assessment of your finances.
      </Trans>
    );
  }
  if (type === 'REAL_ESTATE_LOAN' || card?.id === 'renovation-loan') {
    return (
      <Trans>
        A loan for your home may need your home as collateral for larger amounts. If you do not keep up the payments, you may lose the
        collateral. The figures are an example; your interest rate depends on the collateral and our assessment of your finances.
      </Trans>
    );
  }
  return (
    <Trans>
      This is a consumer credit: borrow only what you can repay. Read the terms and the standard European consumer credit information
      before you sign, and compare offers. The figures are an example; your offer depends on our assessment of your finances.
    </Trans>
  );
}

/**
 * ChooseProduct (section 2, product selection): the ten product cards with their perks and "up to"
 * amounts from the product data, amount and period with sliders beside their typed fields, the
 * calculated figures and the disclaimer. JSX and events only.
 */
export default function ChooseProduct() {
  const { t } = useLingui();
  const translate = useValidationMessage();
  const calculator = useStepLogic<typeof calculatorMachine>('calculator');
  const externalId = useSelector(useApplicationActor(), (s) => s.context.externalId);
  const step = useContractForm(contract, {
    requiredMessages: {
      productName: t`Choose what you would like to use the money for`,
      loanPurpose: t`Choose what you would like to use the money for`,
      loanAmount: t`Enter the loan amount`,
      loanPeriod: t`Enter the loan period in months`,
    },
    onValuesChange: (values) => calculator?.send({ type: 'calculator.stepChanged', values: stepValuesOf(step.context.locale, values) }),
  });
  const { form } = step.stepForm;
  const { domain, locale, products } = step.context;
  const figures = useSelector(calculator, (s) => (s ? stepFiguresView(s) : ({ status: 'none' } as const)));
  const [productName, loanPurpose, amountText, periodText] = useWatch({ control: form.control, name: ['productName', 'loanPurpose', 'loanAmount', 'loanPeriod'] });
  const { errors } = useFormState({ control: form.control, name: ['productName', 'loanPurpose'] });
  const cards = productCardsOf(domain);
  const chosen = cardOfChoice(productName, loanPurpose);
  const product = products?.[chosen?.productName ?? 'SMALL_LOAN'];
  const eur = (value: number) => formatEur(value, locale);
  const cardError = errors.productName?.message ?? errors.loanPurpose?.message;
  const cardErrorText = cardError ? (cardError === 'validation.messages.required' ? t`Choose what you would like to use the money for` : translate(cardError)) : undefined;
  const amount = readMoney(amountText ?? '', locale);
  const period = Number((periodText ?? '').trim());

  const set = (name: 'loanAmount' | 'loanPeriod', value: string) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const choose = (card: ProductCard) => {
    const previous = form.getValues('productName');
    form.setValue('productName', card.productName, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue('loanPurpose', card.loanPurpose, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    // Another product starts from its own amount and period; another purpose keeps them.
    const next = products?.[card.productName];
    if (next && previous !== card.productName) {
      set('loanAmount', formatAmount(next.baseAmount, locale));
      set('loanPeriod', String(next.basePeriod));
    }
  };

  return (
    <StepForm stepForm={step.stepForm} aria-labelledby="step-heading" onSubmit={step.submit}>
      <PageHeading focusKey="chooseProduct">
        <span id="step-heading">
          <Trans>Choose a loan or a credit card</Trans>
        </span>
      </PageHeading>

      <fieldset className={cardErrorText ? 'solis-fieldset solis-form-group solis-form-group--error' : 'solis-fieldset solis-form-group'} aria-describedby={cardErrorText ? errorIdOf(fieldIdOf('productName')) : undefined}>
        <legend className="solis-fieldset__legend">
          <Trans>What would you like to use the money for?</Trans>
        </legend>
        {cardErrorText && <ErrorMessage id={errorIdOf(fieldIdOf('productName'))}>{cardErrorText}</ErrorMessage>}
        <div className="solis-product-cards">
          {cards.map((card, index) => {
            const text = cardText(card.id);
            const id = index === 0 ? fieldIdOf('productName') : `product-card-${card.id}`;
            const max = products?.[card.productName]?.maxAmount;
            const checked = chosen?.id === card.id && chosen.productName === productName && chosen.loanPurpose === loanPurpose;
            return (
              <div key={card.id} className={checked ? 'solis-product-card solis-product-card--checked' : 'solis-product-card'}>
                <input
                  type="radio"
                  id={id}
                  className="solis-product-card__input"
                  name="productCard"
                  value={card.id}
                  checked={checked}
                  aria-describedby={`${id}-perks`}
                  onChange={() => choose(card)}
                />
                <label className="solis-product-card__label" htmlFor={id}>
                  <span className="solis-product-card__title">{text.title}</span>
                  {max !== undefined && (
                    <span className="solis-product-card__max">
                      <Trans>up to {eur(max)}</Trans>
                    </span>
                  )}
                </label>
                <ul id={`${id}-perks`} className="solis-product-card__perks">
                  {text.perks.map((perk, perkIndex) => (
                    <li key={perkIndex}>{perk}</li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </fieldset>

      {product && (
        <fieldset className="solis-fieldset">
          <legend className="solis-fieldset__legend">{productTypeOf(product.productName) === 'CREDIT_CARD' ? <Trans>Your card</Trans> : <Trans>Your loan</Trans>}</legend>
          <div className="solis-slider-pair">
            <MoneyField
              form={form}
              name="loanAmount"
              label={productTypeOf(product.productName) === 'CREDIT_CARD' ? t`Credit limit` : t`Loan amount`}
              hint={t`From ${eur(product.minAmount)} to ${eur(product.maxAmount)}`}
              autoComplete="off"
              width="10"
            />
            <Slider
              name={productTypeOf(product.productName) === 'CREDIT_CARD' ? t`Credit limit` : t`Loan amount`}
              min={product.minAmount}
              max={product.maxAmount}
              step={product.amountStep}
              value={'value' in amount ? amount.value : product.baseAmount}
              valueText={eur('value' in amount ? amount.value : product.baseAmount)}
              onSlide={(value) => set('loanAmount', formatAmount(value, locale))}
            />
          </div>
          {product.minPeriod < product.maxPeriod ? (
            <div className="solis-slider-pair">
              <TextField
                form={form}
                name="loanPeriod"
                label={t`Loan period (months)`}
                hint={t`From ${product.minPeriod} to ${product.maxPeriod} months`}
                autoComplete="off"
                inputMode="numeric"
                width="10"
              />
              <Slider
                name={t`Loan period (months)`}
                min={product.minPeriod}
                max={product.maxPeriod}
                step={1}
                value={Number.isInteger(period) && period > 0 ? period : product.basePeriod}
                valueText={plural(Number.isInteger(period) && period > 0 ? period : product.basePeriod, { one: '# month', other: '# months' })}
                onSlide={(value) => set('loanPeriod', String(value))}
              />
            </div>
          ) : (
            <p>
              <Trans>The example is for {product.basePeriod} months.</Trans>
            </p>
          )}
          <CalculatorFigures figures={figures} headingLevel={2} onRetry={() => calculator?.send({ type: 'calculator.retried' })} />
          <p className="solis-disclaimer">
            <Disclaimer card={chosen} />
          </p>
        </fieldset>
      )}

      {/* Issue 21: outside a process the choice creates an upsale application, with a captcha token when one is asked for. */}
      {!externalId && <CaptchaSlot pending={step.pending} />}

      <SubmitButton pending={step.pending} error={step.submitError ? isCaptchaRefusal(step.submitError) ? <CaptchaRefused /> : <SubmitErrorText error={step.submitError} /> : undefined}>
        <Trans>Continue</Trans>
      </SubmitButton>
    </StepForm>
  );
}
