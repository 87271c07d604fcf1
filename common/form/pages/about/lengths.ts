/**
 * Lengths the About You page's answers may reach beyond the input default (45): a family name,
 * an address line, a postal code, an international phone number.
 */

/** A family name: long compound and hyphenated surnames pass 45 characters. */
export const NAME_MAX = 60;
/** Long enough for "Apartment 1204, 401 East Pratt Street" style lines and most street names. */
export const ADDRESS_LINE_MAX = 60;
/** US ZIP+4 (#####-####) and every Canadian or foreign postal code we have seen. */
export const ZIP_MAX = 10;
/** International dialling: a country code of at most 3 digits and a number of at most 15 (E.164). */
export const COUNTRY_CODE_MAX = 3;
export const INTERNATIONAL_PHONE_MAX = 15;
