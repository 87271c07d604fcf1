import type { Option } from '../../types';

/**
 * Option lists and codes used only on the About You page. Codes are what the store holds; the
 * label goes to the `_desc` companion. Lists shared by several pages live in `common/form/options`.
 */

/** Code for "other" wherever a list ends with a write-in: visa status, relationship, religion. */
export const OTHER_CODE = 'OT';

/** citizenship_type (form-content section 3: values 1, 2, 3). */
export const CITIZENSHIP = { usCitizen: '1', permanentResident: '2', otherCountry: '3' } as const;

export const citizenshipTypeOptions: Option[] = [
  { value: CITIZENSHIP.usCitizen, label: 'U.S. citizen' },
  { value: CITIZENSHIP.permanentResident, label: 'U.S. permanent resident (green card holder)' },
  { value: CITIZENSHIP.otherCountry, label: 'Citizen of another country (not a U.S. permanent resident)' },
];

export const visaStatusOptions: Option[] = [
  { value: 'PR', label: 'Permanent resident (green card)' },
  { value: 'F1', label: 'F-1 Student' },
  { value: 'F2', label: 'F-2 Dependent of F-1 student' },
  { value: 'J1', label: 'J-1 Exchange visitor' },
  { value: 'J2', label: 'J-2 Dependent of J-1 exchange visitor' },
  { value: 'H1B', label: 'H-1B Specialty occupation worker' },
  { value: 'H4', label: 'H-4 Dependent of H visa holder' },
  { value: 'L1', label: 'L-1 Intracompany transferee' },
  { value: 'L2', label: 'L-2 Dependent of L-1 visa holder' },
  { value: 'E2', label: 'E-2 Treaty investor' },
  { value: 'TN', label: 'TN NAFTA / USMCA professional' },
  { value: 'O1', label: 'O-1 Extraordinary ability' },
  { value: 'G4', label: 'G-4 International organization' },
  { value: 'A', label: 'A-1, A-2 Diplomat or government official' },
  { value: 'B', label: 'B-1, B-2 Visitor' },
  { value: 'AS', label: 'Asylee' },
  { value: 'RF', label: 'Refugee' },
  { value: 'TPS', label: 'Temporary Protected Status (TPS)' },
  { value: 'DACA', label: 'Deferred Action for Childhood Arrivals (DACA)' },
  { value: 'NONE', label: 'No visa yet: I will need an F-1 or J-1 visa to study' },
  { value: OTHER_CODE, label: 'Other' },
];

export const suffixOptions: Option[] = ['Jr.', 'Sr.', 'II', 'III', 'IV', 'V'].map((suffix) => ({ value: suffix, label: suffix }));

export const genderOptions: Option[] = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Nonbinary or another gender' },
  { value: 'U', label: 'I prefer not to say' },
];

export const maritalStatusOptions: Option[] = [
  { value: 'S', label: 'Single' },
  { value: 'M', label: 'Married' },
  { value: 'P', label: 'Domestic partnership' },
  { value: 'SE', label: 'Separated' },
  { value: 'D', label: 'Divorced' },
  { value: 'W', label: 'Widowed' },
];

/** Federal (IPEDS) ethnicity categories. */
export const ethnicityOptions: Option[] = [
  { value: 'HL', label: 'Hispanic or Latino' },
  { value: 'NH', label: 'Not Hispanic or Latino' },
];

/** Federal (IPEDS) race categories, one checkbox key each. */
export const raceMembers = [
  { key: 'race_american_indian', label: 'American Indian or Alaska Native' },
  { key: 'race_asian', label: 'Asian' },
  { key: 'race_black', label: 'Black or African American' },
  { key: 'race_native_hawaiian', label: 'Native Hawaiian or Other Pacific Islander' },
  { key: 'race_white', label: 'White' },
] as const;

/** military_status_specified; VE (veteran) asks for the separation date. */
export const VETERAN = 'VE';

export const militaryStatusOptions: Option[] = [
  { value: 'AD', label: 'Active duty' },
  { value: 'NG', label: 'National Guard' },
  { value: 'RS', label: 'Reserve' },
  { value: VETERAN, label: 'Veteran (separated or retired)' },
];

export const serviceBranchOptions: Option[] = [
  { value: 'AR', label: 'Army' },
  { value: 'MC', label: 'Marine Corps' },
  { value: 'NV', label: 'Navy' },
  { value: 'AF', label: 'Air Force' },
  { value: 'SF', label: 'Space Force' },
  { value: 'CG', label: 'Coast Guard' },
];

export const vaEducationBenefitOptions: Option[] = [
  { value: 'CH33', label: 'Post-9/11 GI Bill (Chapter 33)' },
  { value: 'CH30', label: 'Montgomery GI Bill, Active Duty (Chapter 30)' },
  { value: 'CH1606', label: 'Montgomery GI Bill, Selected Reserve (Chapter 1606)' },
  { value: 'CH31', label: 'Veteran Readiness and Employment (Chapter 31)' },
  { value: 'CH35', label: "Survivors' and Dependents' Educational Assistance (Chapter 35)" },
  { value: 'TOE', label: 'Post-9/11 GI Bill transferred from a service member' },
  { value: OTHER_CODE, label: 'Other or not sure yet' },
];

export const relationshipOptions: Option[] = [
  { value: 'PA', label: 'Parent' },
  { value: 'SP', label: 'Spouse or partner' },
  { value: 'SI', label: 'Brother or sister' },
  { value: 'CH', label: 'Son or daughter' },
  { value: 'GU', label: 'Guardian' },
  { value: 'RE', label: 'Other relative' },
  { value: 'FR', label: 'Friend' },
  { value: OTHER_CODE, label: 'Other' },
];

export const religiousAffiliationOptions: Option[] = [
  { value: 'NONE', label: 'None' },
  { value: 'BAP', label: 'Baptist' },
  { value: 'BUD', label: 'Buddhist' },
  { value: 'CAT', label: 'Catholic' },
  { value: 'CHR', label: 'Christian (non-denominational)' },
  { value: 'EPI', label: 'Episcopalian' },
  { value: 'HIN', label: 'Hindu' },
  { value: 'JEW', label: 'Jewish' },
  { value: 'LDS', label: 'Latter-day Saints' },
  { value: 'LUT', label: 'Lutheran' },
  { value: 'MET', label: 'Methodist' },
  { value: 'MUS', label: 'Muslim' },
  { value: 'ORT', label: 'Orthodox Christian' },
  { value: 'PRE', label: 'Presbyterian' },
  { value: 'PRO', label: 'Protestant (other)' },
  { value: 'SIK', label: 'Sikh' },
  { value: OTHER_CODE, label: 'Other' },
];
