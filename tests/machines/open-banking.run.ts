/**
 * Runs ProvideBasViaOpenBanking's machine (src/steps/provideBasViaOpenBanking/open-banking.machine.ts)
 * under a parent that records what it is sent, with controllable fake actors on a simulated clock
 * (tests/machines/actor.fakes.ts). An actor named in `unprovided` keeps the machine's own default.
 */
import { SimulatedClock, createActor, setup, type InspectionEvent } from 'xstate';
import { openBankingMachine, openBankingView, type OpenBankingParentEvent, type OpenBankingSnapshot } from '../../src/steps/provideBasViaOpenBanking/open-banking.machine';
import type { Institution, InstitutionList } from '../../core/wire/open-banking.schema';
import type { Locale } from '../../core/domain/languages';
import type { StepLogicInput } from '../../machines/application/application.actors';
import { controllable, settle, stepLogicInput } from './actor.fakes';

export const INPUT = stepLogicInput({ externalId: 'app-1', locale: 'lv', businessDomain: 'retail-banking-lv', country: 'LV' });

export const bank = (id: string, name: string, bic: string, accounts: Institution['accounts'] = []): Institution => ({ id, name, bic, countryCode: 'LV', logo: 'data:image/svg+xml;base64,', accounts });
export const CITADELE = bank('CITADELE_LV', 'Citadele', 'PARXLV22');
export const SWEDBANK = bank('SWEDBANK_LV', 'Swedbank', 'HABALV22');
export const SEB = bank('SEB_LV', 'SEB', 'UNLALV2X');
export const LUMINOR_ENROLLED = bank('LUMINOR_LV', 'Luminor', 'RIKOLV2X', [{ iban: 'LV12RIKO0000000000001', id: 'luminor-1' }]);

export const NONE_YET: InstitutionList = { enrolled: [], available: [CITADELE, SWEDBANK, SEB], lastConsent: null, failedAttempts: 0, maxFailedAttempts: 5 };
export const ENROLLED: InstitutionList = { ...NONE_YET, enrolled: [LUMINOR_ENROLLED], lastConsent: { institutionId: 'LUMINOR_LV', status: 'APPROVED' } };
export const OPEN: InstitutionList = { ...NONE_YET, lastConsent: { institutionId: 'SEB_LV', status: 'PENDING' } };

type ActorName = 'listInstitutions' | 'selectInstitution' | 'consentUrl' | 'consentReference' | 'openConsentPage';

export function startLogic(options: { input?: StepLogicInput; unprovided?: readonly ActorName[]; inspect?: (event: InspectionEvent) => void } = {}) {
  const list = controllable<InstitutionList, { externalId: string }>();
  const select = controllable<{ redirectUrl: string }, { externalId: string; institutionId: string; userLanguage: Locale }>();
  const consentUrl = controllable<{ consentUrl: string | null }, { externalId: string }>();
  const reference = controllable<{ reference: string | null }, { externalId: string }>();
  const open = controllable<void, { url: string }>();
  const fakes = { listInstitutions: list.logic, selectInstitution: select.logic, consentUrl: consentUrl.logic, consentReference: reference.logic, openConsentPage: open.logic };
  for (const name of options.unprovided ?? []) delete (fakes as Partial<typeof fakes>)[name];
  const toParent: OpenBankingParentEvent[] = [];
  const clock = new SimulatedClock();
  const host = setup({
    types: { events: {} as OpenBankingParentEvent },
    actors: { openBanking: openBankingMachine.provide({ actors: fakes }) },
  }).createMachine({
    invoke: { id: 'openBanking', src: 'openBanking', input: options.input ?? INPUT },
    on: {
      'step.submitted': { actions: ({ event }) => toParent.push(event) },
      'step.failed': { actions: ({ event }) => toParent.push(event) },
    },
  });
  const actor = createActor(host, { clock, inspect: options.inspect });
  // A child that fails without a handler makes the host fail too; the tests read the child.
  actor.subscribe({ error: () => undefined });
  actor.start();
  const child = actor.getSnapshot().children.openBanking;
  if (!child) throw new Error('the logic did not start');
  const snapshot = () => child.getSnapshot() as OpenBankingSnapshot;
  return { child, clock, list, select, consentUrl, reference, open, toParent, snapshot, view: () => openBankingView(snapshot()) };
}

export async function listed(answer: InstitutionList, options: Parameters<typeof startLogic>[0] = {}) {
  const run = startLogic(options);
  run.list.last().resolve(answer);
  await settle();
  return run;
}
