import { describe, expect, it } from 'vitest';
import { CONTACTS, contactsOf, contactsOfCountry, missingContactFields, type ContactDetails, type ContactTable } from '../../core/domain/contacts';

/** Sections 1, 2 and 8: the footer's contact data per country and language, and the start-up check of them. */
describe('CONTACTS', () => {
  it('gives each country’s languages and English their own addresses under the country and language', () => {
    expect(contactsOf('EE', 'et')).toEqual({
      phone: '+372 600 4400',
      email: 'info.ee@solis.example',
      contactUrl: 'https://www.solis.example/ee/et/kontakt',
      termsUrl: 'https://www.solis.example/ee/et/tingimused',
      cookiePolicyUrl: 'https://www.solis.example/ee/et/kupsised',
      privacyNoticeUrl: 'https://www.solis.example/ee/et/andmekaitse',
      socialLinks: [
        { network: 'Facebook', url: 'https://facebook.example/solis.ee' },
        { network: 'LinkedIn', url: 'https://linkedin.example/company/solis-ee' },
        { network: 'YouTube', url: 'https://youtube.example/@solisee' },
      ],
    });
    expect(contactsOf('LV', 'en')).toMatchObject({ phone: '+371 6700 4402', contactUrl: 'https://www.solis.example/lv/en/contact', privacyNoticeUrl: 'https://www.solis.example/lv/en/privacy' });
    expect(contactsOf('LT', 'lt')).toMatchObject({ phone: '+370 5 200 4400', email: 'info.lt@solis.example', termsUrl: 'https://www.solis.example/lt/lt/salygos' });
    expect(contactsOf('LV', 'ru')?.cookiePolicyUrl).toBe('https://www.solis.example/lv/ru/cookies');
  });

  it('has no entry for a language the country does not offer', () => {
    expect(contactsOf('LT', 'ru')).toBeUndefined();
    expect(contactsOf('EE', 'lv')).toBeUndefined();
  });

  it('is complete for every language each country offers (section 8)', () => {
    expect(missingContactFields(CONTACTS, 'EE', ['et', 'ru', 'en'])).toEqual([]);
    expect(missingContactFields(CONTACTS, 'LV', ['lv', 'ru', 'en'])).toEqual([]);
    expect(missingContactFields(CONTACTS, 'LT', ['lt', 'en'])).toEqual([]);
  });
});

describe('missingContactFields', () => {
  const complete = () => contactsOf('EE', 'en') as ContactDetails;
  const table = (entry: Partial<ContactDetails> | undefined): ContactTable => ({ EE: entry ? { en: { ...complete(), ...entry } } : {}, LV: {}, LT: {} });

  it('names a language without contact details', () => {
    expect(missingContactFields(table(undefined), 'EE', ['en'])).toEqual(['EE/en has no contact details']);
    expect(missingContactFields(CONTACTS, 'LT', ['lt', 'ru', 'en'])).toEqual(['LT/ru has no contact details']);
  });

  it('names every empty or blank field and missing social links on one line', () => {
    expect(missingContactFields(table({ phone: ' ', termsUrl: '' }), 'EE', ['en'])).toEqual(['EE/en lacks phone, termsUrl']);
    expect(missingContactFields(table({ email: '', contactUrl: '  ', cookiePolicyUrl: '', privacyNoticeUrl: '', socialLinks: [] }), 'EE', ['en'])).toEqual([
      'EE/en lacks email, contactUrl, cookiePolicyUrl, privacyNoticeUrl, socialLinks',
    ]);
    expect(missingContactFields(table({ socialLinks: [] }), 'EE', ['en'])).toEqual(['EE/en lacks socialLinks']);
  });

  it('names a field a configured table leaves out, rather than failing on it', () => {
    const { phone: _phone, email: _email, ...withoutPhoneAndEmail } = complete();
    const configured = { EE: { en: withoutPhoneAndEmail as ContactDetails }, LV: {}, LT: {} };
    expect(missingContactFields(configured, 'EE', ['en'])).toEqual(['EE/en lacks phone, email']);
  });

  it('checks only the languages asked for', () => {
    expect(missingContactFields(table(undefined), 'EE', [])).toEqual([]);
  });
});

describe('contactsOfCountry', () => {
  it('gives the country’s details in the languages it offers, leaving out the others', () => {
    const lt = contactsOfCountry('LT', ['lt', 'ru', 'en']);
    expect(Object.keys(lt)).toEqual(['lt', 'en']);
    expect(lt.lt).toBe(CONTACTS.LT.lt);
  });

  it('reads the table it is given', () => {
    const details = contactsOf('EE', 'en') as ContactDetails;
    expect(contactsOfCountry('LV', ['en', 'lv'], { EE: {}, LV: { en: details }, LT: {} })).toEqual({ en: details });
    expect(contactsOf('LV', 'en', { EE: {}, LV: {}, LT: {} })).toBeUndefined();
  });
});
