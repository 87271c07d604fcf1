import type { Answers } from '../../common/api';
import { institutionToday, isoDateOf } from '../../common/form/calendar-day';
import { entryTermsOn } from '../../common/form/pages/education/choices';

/**
 * A complete application with no errors on the day given: the valid pages of the rules' unit tests
 * (tests/unit/common/form/*-rules.test.ts) put together. A U.S. citizen with one college, applying
 * to the MPA (a program that reads no essays or documents) and not for in-state tuition, so no
 * question asks for an upload. Only the entry term and the signature date depend on the day, the
 * institution's today unless given (common/form/calendar-day.ts).
 */
export function completeApplication(today: Date = institutionToday()): Answers {
  const entryTerm = entryTermsOn(today)[0];
  if (!entryTerm) throw new Error('The tenant offers no entry term on this day.');
  return {
    // About You
    first_name: 'Ada',
    last_name: 'Lovelace',
    birth_date: '1990-04-01',
    gender: 'F',
    phone_home: '(410) 555-0142',
    country: 'USA',
    address_line_1: '401 East Pratt Street',
    city: 'Fairfax',
    state: 'Virginia',
    zip: '22030',
    mailing_addr_same_as_perm_addr: true,
    citizenship_type: '1',
    united_states_resident_radio: 'Y',
    emergency_contact_first_name: 'Grace',
    emergency_contact_last_name: 'Hopper',
    emergency_contact_relation: 'PA',
    emergency_phone_home: '(410) 555-0100',
    emergency_phone_mobile: '(443) 555-0101',
    // Your Academics
    previously_attend: 'N',
    college_name: 'Towson University',
    college_degree: 'BD',
    college_major: 'History',
    college_degree_month: '5',
    college_degree_year: '2020',
    college_gpa: '3.25',
    college_credits: '120',
    college_attend_from_month: '8',
    college_attend_from_year: '2016',
    college_attend_to_month: '5',
    college_attend_to_year: '2020',
    campus_preferrence: 'M',
    applied_major: 'MPA',
    entry_term: entryTerm.value,
    // Final Steps
    instate_tuition: 'N',
    conviction: 'N',
    suspended: 'N',
    counselor_request_waiver: 'Y',
    legal_agree: true,
    completion_signature: 'Ada Lovelace',
    completion_date: isoDateOf(today),
  };
}
