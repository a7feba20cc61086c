/** `getStaticPaths` of the `src/pages/[locale]/…` routes: one page per prefixed locale (English is the unprefixed route). */
import { PREFIXED_LOCALES } from './locales.ts';

export const localeParams = (): { params: { locale: string } }[] => PREFIXED_LOCALES.map((locale) => ({ params: { locale } }));
