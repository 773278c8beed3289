import { assign, fromPromise, setup } from 'xstate';
import type { CountryCode } from '../../../core/domain/business-domains';
import type { CompanyLookup } from '../../../core/wire/business-register.schema';

/**
 * businessData's look-up of the company in the business register (issue 24, decision 181): when the
 * applicant leaves the registration code, the register is asked about it, and the page fills in the
 * name and field of activity it holds, or says it does not know the code, or that the company may
 * not apply. A later code replaces an earlier question (leaving the state cancels its request); a
 * failure says nothing (the server asks again when the step is sent).
 */
export interface CompanyLookupInput {
  country: CountryCode;
  registrationCode: string;
}

export interface CompanyLookupContext {
  asked: CompanyLookupInput | null;
  answer: CompanyLookup | null;
}

export type CompanyLookupEvent = { type: 'company.codeLeft'; country: CountryCode; registrationCode: string };

/** A code worth asking about: something like a registration code (the register answers the rest). */
const plausible = (code: string) => /^[0-9A-Za-z-]{2,32}$/.test(code);

export const companyLookupMachine = setup({
  types: {
    context: {} as CompanyLookupContext,
    events: {} as CompanyLookupEvent,
  },
  actors: {
    lookUpCompany: fromPromise<CompanyLookup, CompanyLookupInput>(async () => {
      // Stryker disable next-line StringLiteral: equivalent (decision 254), a failed look-up's error is dropped (`onError` says nothing), so no one reads this message.
      throw new Error('The lookUpCompany actor is provided by the app');
    }),
  },
  guards: {
    isNewCode: ({ context, event }) => {
      const code = event.registrationCode.trim();
      return plausible(code) && !(context.asked?.registrationCode === code && context.asked.country === event.country);
    },
  },
}).createMachine({
  id: 'companyLookup',
  context: { asked: null, answer: null },
  initial: 'idle',
  on: {
    'company.codeLeft': {
      guard: 'isNewCode',
      target: '.asking',
      reenter: true,
      actions: assign({ asked: ({ event }) => ({ country: event.country, registrationCode: event.registrationCode.trim() }), answer: null }),
    },
  },
  states: {
    idle: {},
    asking: {
      tags: ['busy'],
      invoke: {
        src: 'lookUpCompany',
        input: ({ context }) => context.asked as CompanyLookupInput,
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        onError: { target: 'idle' },
      },
    },
    answered: {},
  },
});
