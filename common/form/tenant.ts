import type { EssayKey, RESUME_KEY, TEACHER_UPLOAD_KEY } from './model/program-document-keys';
import type { PageId } from './types';

/**
 * Tenant configuration: the one file a university edits (DESIGN.md section 3, form-content
 * section 3). No other file holds tenant text. The values are those of our launch university;
 * "not shown" values in the spec were decided here as an admissions office would (docs/decisions.md).
 */
export interface TenantLinks {
  requirements: string;
  international: string;
  technical_help: string;
  privacy_policy: string;
  virtual_tour: string;
  pay_now: string;
  pay_now_international: string;
  additional_requirements: string;
}

export interface AlertBanner {
  message: string;
  /** ISO 8601 instants; the banner shows when start <= now < end. */
  start: string;
  end: string;
}

/** Campus codes of form-content section 3: main campus, Southern Maryland, online, Shady Grove. */
export type CampusCode = 'M' | 'SM' | 'o' | 'SG';

export interface Campus {
  code: CampusCode;
  name: string;
}

/** What a program reads besides the transcripts: essays and statements, a resume, a teaching certificate. */
export type ProgramDocument = EssayKey | typeof RESUME_KEY | typeof TEACHER_UPLOAD_KEY;

export interface Program {
  /** The `applied_major` value. */
  code: string;
  name: string;
  campuses: readonly CampusCode[];
  documents: readonly ProgramDocument[];
  /** Asks for GMAT scores (taken, or the date planned). */
  gmat: boolean;
  /** Letters of recommendation: how many make the file complete, and how many recommenders the applicant may name (docs/decisions.md, "Letters of recommendation"). */
  letters: ProgramLetters;
}

/** `required` letters complete the file; an applicant names at most `accepted` recommenders (0: the program reads none). */
export interface ProgramLetters {
  required: number;
  accepted: number;
}

/** A term in which new students start; it is offered until its first day of classes. */
export interface EntryTerm {
  /** Joined to the year for the `entry_term` value: '2027SP'. */
  code: string;
  name: string;
  /** First day of classes, month 1 to 12. */
  startMonth: number;
  startDay: number;
}

export interface TenantConfig {
  partner_name: string;
  partner_logo_alt: string;
  application_title: string;
  page_titles: { about: string; education: string; final_steps: string; completion: string };
  benefits_text: string;
  start_invitation: string;
  help_email: string;
  admissions_email: string;
  character_limit: number;
  office_name: string;
  address_lines: [string, string];
  phone: string;
  links: TenantLinks;
  name_warning: string;
  upload_requirement: string;
  alert_banner: AlertBanner | null;
  /** The production flag's default: shows the missing-information panel (spec platform section 2; PRODUCTION_ENVIRONMENT overrides it). */
  production: boolean;
  /**
   * Where Submit takes an applicant whose answers have errors. null: nowhere, when the page
   * submitted from has errors, else the first page that has (docs/decisions.md, Submission). A page
   * id: always that page (spec platform section 4, "go to the configured default route").
   */
  submit_errors_page: PageId | null;
  /**
   * Where the institution is, an IANA time zone: "today" for completion dates, birth dates and
   * entry terms is its calendar day there, wherever the server or the applicant is (calendar-day.ts).
   */
  time_zone: string;
  campuses: readonly Campus[];
  programs: readonly Program[];
  /** In calendar order. */
  entry_terms: readonly EntryTerm[];
  analytics: {
    /** Off by default: when on, the privacy notice offers an opt-out that the renderer honours. */
    enabled: boolean;
    description: string;
  };
}

export const tenant: TenantConfig = {
  partner_name: 'Chesapeake State University',
  partner_logo_alt: 'Chesapeake State University Graduate School',
  application_title: 'Graduate School Application',
  page_titles: {
    about: 'About You',
    education: 'Your Academics',
    final_steps: 'Final Steps',
    completion: 'Application Complete',
  },
  // Which programs ask for no essay is said from the catalogue below (common/form/program-essays.ts).
  benefits_text: 'You will get a prompt admissions decision once your file is complete.',
  start_invitation:
    'Start entering your information below. When you save, we will set up an account so you can come back and finish at any time.',
  help_email: 'gradapply-help@chesapeake-state.example.edu',
  admissions_email: 'gradadmissions@chesapeake-state.example.edu',
  character_limit: 7000,
  office_name: 'Office of Graduate Admissions',
  address_lines: ['1200 Harbor Hall, 401 East Pratt Street', 'Baltimore, MD 21202'],
  phone: '(410) 555-0142',
  links: {
    requirements: 'https://www.chesapeake-state.example.edu/graduate/admissions/requirements',
    international: 'https://www.chesapeake-state.example.edu/graduate/admissions/international',
    technical_help: 'https://www.chesapeake-state.example.edu/graduate/admissions/apply-help',
    privacy_policy: 'https://www.chesapeake-state.example.edu/privacy',
    virtual_tour: 'https://www.chesapeake-state.example.edu/visit/virtual-tour',
    pay_now: 'https://pay.chesapeake-state.example.edu/graduate-application-fee',
    pay_now_international: 'https://pay.chesapeake-state.example.edu/graduate-application-fee-international',
    additional_requirements: 'https://www.chesapeake-state.example.edu/graduate/admissions/program-requirements',
  },
  name_warning:
    'Please enter your full legal name exactly as it appears on your passport or government ID. Your transcripts and test scores are matched to this name.',
  upload_requirement:
    'Upload a PDF, Word (.docx), PNG or JPEG file of at most 1 MB whose name is at most 32 characters long.',
  alert_banner: {
    message:
      'The Graduate Admissions office is closed for the Thanksgiving holiday from November 26 to November 29. Online applications stay open.',
    start: '2026-11-20T00:00:00-05:00',
    end: '2026-11-30T00:00:00-05:00',
  },
  production: true,
  submit_errors_page: null,
  time_zone: 'America/New_York',
  campuses: [
    { code: 'M', name: 'Main campus, Baltimore' },
    { code: 'SM', name: 'Southern Maryland Higher Education Center, California, MD' },
    { code: 'o', name: 'Online' },
    { code: 'SG', name: 'The Universities at Shady Grove, Rockville, MD' },
  ],
  programs: [
    { code: 'MSCS', name: 'Computer Science (M.S.)', campuses: ['M', 'SG'], documents: ['essay_compscience', 'resume'], gmat: false, letters: { required: 2, accepted: 3 } },
    { code: 'MSCYB', name: 'Cybersecurity (M.S.)', campuses: ['M', 'SM', 'o'], documents: ['personal_statement', 'resume'], gmat: false, letters: { required: 2, accepted: 3 } },
    { code: 'MSDS', name: 'Data Science (M.S.)', campuses: ['SG', 'o'], documents: ['personal_statement_new_programs', 'resume'], gmat: false, letters: { required: 2, accepted: 3 } },
    { code: 'MBA', name: 'Business Administration (MBA)', campuses: ['M', 'SG', 'o'], documents: ['personal_statement', 'resume'], gmat: true, letters: { required: 2, accepted: 2 } },
    { code: 'MSACC', name: 'Accounting (M.S.)', campuses: ['M', 'o'], documents: ['resume'], gmat: true, letters: { required: 0, accepted: 0 } },
    { code: 'MPA', name: 'Public Administration (M.P.A.)', campuses: ['M', 'SM', 'SG', 'o'], documents: [], gmat: false, letters: { required: 0, accepted: 2 } },
    { code: 'MEDSPED', name: 'Special Education (M.Ed.)', campuses: ['M', 'SM', 'o'], documents: ['essay_specialed', 'teacher_upload'], gmat: false, letters: { required: 2, accepted: 3 } },
    { code: 'MEDCI', name: 'Curriculum and Instruction (M.Ed.)', campuses: ['M', 'SM', 'SG', 'o'], documents: ['teacher_upload'], gmat: false, letters: { required: 1, accepted: 2 } },
    { code: 'MAT', name: 'Teaching (M.A.T.)', campuses: ['M', 'SG'], documents: ['essay_selfstatement'], gmat: false, letters: { required: 2, accepted: 3 } },
    { code: 'MSCMHC', name: 'Clinical Mental Health Counseling (M.S.)', campuses: ['M', 'SG'], documents: ['essay_mentalhealth', 'resume'], gmat: false, letters: { required: 3, accepted: 3 } },
    { code: 'MEDSC', name: 'School Counseling (M.Ed.)', campuses: ['M', 'SM'], documents: ['essay_school_counseling'], gmat: false, letters: { required: 2, accepted: 3 } },
    { code: 'MAOC', name: 'Organizational Communication (M.A.)', campuses: ['M', 'o'], documents: ['statement_orgcommunications', 'resume'], gmat: false, letters: { required: 1, accepted: 2 } },
    { code: 'MSHCA', name: 'Health Care Administration (M.S.)', campuses: ['SM', 'o'], documents: ['personal_statement_new_programs'], gmat: false, letters: { required: 1, accepted: 2 } },
    { code: 'GCNPM', name: 'Nonprofit Management (Graduate Certificate)', campuses: ['o'], documents: [], gmat: false, letters: { required: 0, accepted: 0 } },
  ],
  entry_terms: [
    { code: 'SP', name: 'Spring', startMonth: 1, startDay: 26 },
    { code: 'SU', name: 'Summer', startMonth: 5, startDay: 26 },
    { code: 'FA', name: 'Fall', startMonth: 8, startDay: 26 },
  ],
  analytics: {
    enabled: false,
    description:
      'Anonymous usage statistics (pages visited, time spent on each page) help us find the questions applicants struggle with.',
  },
};
