import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../core/domain/languages';
import { LANGUAGE_ENDONYMS } from '../i18n/language-names';
import './language-switch.css';

export interface LanguageSwitchProps {
  /** The languages offered here (section 1: per country and configuration). */
  locales: readonly Locale[];
  current: Locale;
  onChange: (locale: Locale) => void;
}

/**
 * Each language in its own name and marked with its `lang`, so a screen reader pronounces
 * "Русский" in Russian. The current language is marked with aria-current and is not a control.
 * With fewer than two languages there is nothing to switch and nothing is rendered.
 */
export function LanguageSwitch({ locales, current, onChange }: LanguageSwitchProps) {
  const { t } = useLingui();
  if (locales.length < 2) return null;
  return (
    <nav className="solis-language-switch" aria-label={t`Language`}>
      <ul className="solis-language-switch__list">
        {locales.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span className="solis-language-switch__option" lang={locale} aria-current="true">
                {LANGUAGE_ENDONYMS[locale]}
              </span>
            ) : (
              <button type="button" className="solis-language-switch__option" lang={locale} onClick={() => onChange(locale)}>
                {LANGUAGE_ENDONYMS[locale]}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
