/** The option lists of the form (form-content section 3), one small module per kind. */
export { countries, countryOptions, countryOptionsWithoutUs, US_COUNTRY_CODE, CANADA_COUNTRY_CODE } from './countries';
export type { Country } from './countries';
export {
  MARYLAND,
  stateOptions,
  usStateOptions,
  usTerritoryOptions,
  armedForcesRegionOptions,
  canadianProvinceOptions,
  marylandCountyOptions,
  stateAbbreviations,
} from './states';
export { calendarList, calendarYearOptions, followCalendar, monthOptions, yearOptions } from './dates';
export type { YearListSpec } from './dates';
export { entryTermOptions } from './terms';
export type { EntryTermListSpec } from './terms';
export { yesNoOptions, degreeOptions } from './codes';
