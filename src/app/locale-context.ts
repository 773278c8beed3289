import { createContext, useContext } from 'react';
import type { Locale } from '../../core/domain/languages';

export interface LocaleState {
  locale: Locale;
  /** Activates a language (loads its catalog chunk) and remembers the applicant's choice. */
  setLocale: (locale: Locale) => void;
}

export const LocaleContext = createContext<LocaleState | null>(null);

export function useLocaleState(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('Render inside <LocaleContext.Provider>');
  return state;
}
