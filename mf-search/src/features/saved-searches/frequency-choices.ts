import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_FREQUENCY_TEXT } from '@roomnest/shared';

/** The three frequencies in plain words, in the order they are offered. */
export const FREQUENCY_CHOICES = SAVED_SEARCH_FREQUENCIES.map((value) => ({ value, ...SAVED_SEARCH_FREQUENCY_TEXT[value] }));
