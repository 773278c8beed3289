/**
 * Searching the banks of ProvideBasViaOpenBanking (matchingInstitutions, which the page's list
 * shows; decision 153): by name or BIC, case, accents and surrounding spaces aside (decision 252).
 */
import { describe, expect, it } from 'vitest';
import { matchingInstitutions } from '../../src/steps/provideBasViaOpenBanking/open-banking.machine';
import { CITADELE, SEB, SWEDBANK, bank, listed, NONE_YET } from './open-banking.run';

const ids = (banks: readonly { id: string }[]) => banks.map((institution) => institution.id);

describe('searching the banks', () => {
  it('an empty or blank query lists every bank', () => {
    expect(ids(matchingInstitutions([CITADELE, SWEDBANK, SEB], ''))).toEqual(['CITADELE_LV', 'SWEDBANK_LV', 'SEB_LV']);
    expect(ids(matchingInstitutions([CITADELE, SWEDBANK, SEB], '   '))).toEqual(['CITADELE_LV', 'SWEDBANK_LV', 'SEB_LV']);
  });

  it('leaves aside the spaces typed around the query', async () => {
    expect(ids(matchingInstitutions([CITADELE, SWEDBANK, SEB], '  swed '))).toEqual(['SWEDBANK_LV']);
    const run = await listed(NONE_YET);
    run.child.send({ type: 'search.changed', query: ' parx ' });
    expect(ids(run.view().matching)).toEqual(['CITADELE_LV']);
    // The query is shown as typed.
    expect(run.view().query).toBe(' parx ');
  });

  it('leaves case aside even for a capital letter whose upper-casing is not one letter (ẞ finds ß)', () => {
    const giesserei = bank('GIESSEREI', 'Gießerei Bank', 'GIESLV22');
    expect(ids(matchingInstitutions([giesserei, SEB], 'GIEẞEREI'))).toEqual(['GIESSEREI']);
    expect(ids(matchingInstitutions([giesserei, SEB], 'gießerei'))).toEqual(['GIESSEREI']);
  });
});
