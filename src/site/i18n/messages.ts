/**
 * The types of a catalogue, apart from the catalogues themselves so that each locale's file can name
 * its type without importing the list that imports it (tests/unit/layers.test.ts forbids the cycle).
 */
import type { Shape } from './catalogue.ts';
import type en from './en.ts';

export type Messages = typeof en;
/** What every other catalogue must be: the English keys, its own words. */
export type Catalogue = Shape<Messages>;
