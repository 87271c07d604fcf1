import type { AnswerValue, Answers, LookupCategory, LookupRecord } from '../api';

/**
 * The vocabulary of the form definition (DESIGN.md section 3). Pages, sections and questions are
 * data; one evaluator reads conditions, one builder makes the schema, one renderer draws widgets.
 */

/** How a key's value is held in the store and the API. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'phone'
  | 'upload'
  | 'lookup'
  | 'hidden';

export type PageId = 'about' | 'education' | 'final_steps';

export interface FieldDef {
  key: string;
  type: FieldType;
  page: PageId;
  /** Longest string value accepted (the store refuses longer). */
  maxLength: number;
  /** The `<key>_desc` companion that holds a chosen option's label (select and radio keys). */
  descKey?: string;
  /** Set on a `_desc` companion: the key whose label it holds. */
  descOf?: string;
  /** Sealed at rest and shown as its last four characters (QuestionDef.sensitive). */
  sensitive?: true;
}

export interface Option {
  value: string;
  label: string;
}

export type Operator = 'notEquals' | 'equals' | 'lt' | 'lte' | 'gt' | 'gte' | 'notAnswered' | 'answered' | 'in' | 'notIn';

/** Spec platform section 4: evaluated against the answers. `target` is unused by (not)Answered. */
export interface Condition {
  valueKey: string;
  operator: Operator;
  target?: AnswerValue | readonly AnswerValue[];
}

/** What reveals a section's after-content: a button click or a checked checkbox. */
export type SectionTrigger = { kind: 'button'; label: string } | { kind: 'checkbox'; key: string; label: string };

export type Widget = 'text' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'checkGroup' | 'date' | 'phone' | 'upload' | 'lookup';

/**
 * A search field (form-content section 2, widget 1): typing searches the category; choosing a
 * result fills the answer keys named here from the full record.
 */
export interface LookupDef {
  category: LookupCategory;
  fills: Readonly<Partial<Record<keyof LookupRecord, string>>>;
}

/** Options that depend on another answer (spec platform section 4, dependent selects). */
export interface DependentOptions {
  controlKey: string;
  category: 'displayOnly' | 'displayAndOptions';
  /** displayAndOptions: the options for each controlling value. */
  optionsByValue?: Readonly<Record<string, readonly Option[]>>;
}

/** What a rule may look at besides the value: every answer (hidden ones cleared) and the day. */
export interface RuleContext {
  answers: Answers;
  /** Dates are judged against this day: the institution's (calendar-day.ts), or a fixed one in tests. */
  today: Date;
  /** The question that asks for the key, when the key is a question's own (not a member or opt-in). */
  question?: QuestionDef;
}

/** A fixed message, or one built from the field's label (taken from its question). */
export type Message = string | ((label: string) => string);

/**
 * One named validation rule: a pure test and its message. The schema builder turns each into a
 * yup test. An explicit rule replaces the generic default of the same name (a date's own
 * "invalid date" message, a phone's own format message).
 */
export interface FieldRule {
  name: string;
  message: Message;
  /**
   * True when the value passes. Of the other answers it sees only those it `reads` (and a check
   * group's members): the schema gives it no other.
   */
  test: (value: AnswerValue | undefined, context: RuleContext) => boolean;
  /**
   * The answers besides the validated one the test reads (another question's, a condition's key),
   * declared so the definition checks find each in the data model (config-checks.ts).
   */
  reads?: readonly string[];
  /**
   * The rule asks for an answer, always or under a condition (required, a certification, one of
   * the phones): its question is not marked "(optional)" (issue 33 item 7, `isOptional`).
   */
  requires?: true;
}

/**
 * The part an answer plays where an application is read as a whole: the applicant's name, the
 * e-mail to write to, the program, campus and term applied for, and what the staff view's summary
 * shows first: citizenship, the in-state tuition claim, each college and its GPA (answer-roles.ts).
 * A repeated block's question plays its role in every slot.
 */
export type AnswerRole =
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'preferredName'
  | 'email'
  | 'program'
  | 'campus'
  | 'term'
  | 'citizenship'
  | 'citizenshipCountry'
  | 'residency'
  | 'collegeName'
  | 'collegeGpa';

/**
 * A hint worked out when shown: from the instant (milliseconds; the university's date) and the
 * answers it names (`reads`, which the question then follows: the address it offers to reuse).
 */
export interface WorkedOutHint {
  reads?: readonly string[];
  text: (now: number, answers: Answers) => string;
}

/** A question's rules: the same for every slot, or (a repeated block's question) those of slot n. */
export type QuestionRules = readonly FieldRule[] | ((slot: number) => readonly FieldRule[]);

export interface QuestionDef {
  /** The answer key, also the element id the error summary links to. */
  key: string;
  widget: Widget;
  label: string;
  /** Read beneath the label; worked out when shown for one that names the day or another answer (`hintText`). */
  hint?: string | WorkedOutHint;
  options?: readonly Option[];
  dependsOn?: DependentOptions;
  condition?: Condition;
  /** lookup: what to search and which keys a chosen result fills. */
  lookup?: LookupDef;
  /** check group: one checkbox key per member. */
  members?: readonly { key: string; label: string }[];
  /** phone: the SMS opt-in checkbox shown beneath. */
  smsOptInKey?: string;
  /**
   * The longest answer the store takes (text, textarea, lookup); without it, the type's default
   * (`defaultMaxLength`). The data model reads it from here (model/index.ts).
   */
  maxLength?: number;
  /**
   * The answer's rules beyond its type's defaults (form-content section 5), in the order they run,
   * each message once per key. A repeated block's question may give each slot its own.
   */
  rules?: QuestionRules;
  /**
   * Another question's answer given another way, in the other tab of its tab group (an essay's
   * upload instead of the typed text): it carries that question's requirement, so it is not
   * labelled "(optional)" (`isOptional`).
   */
  givenInsteadOf?: string;
  /** phone with `smsOptInKey`: the rules of the opt-in checkbox's answer. */
  smsOptInRules?: readonly FieldRule[];
  /** What the staff inbox and summary, the application PDF's header and its file name read this answer as. */
  role?: AnswerRole;
  /** textarea rows. */
  rows?: number;
  /**
   * The keyboard a text widget asks for (email, tel, numeric digits; decimal: digits and '.', for
   * GPA and credits, where the iPhone's numeric keypad has no '.').
   */
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel';
  /** text: the answer's format, its separators inserted as typed (react-imask's pattern: 0 is a digit). */
  mask?: string;
  autoComplete?: string;
  /**
   * A secret of the applicant's (the SSN): encrypted at rest, never logged, shown to staff, in
   * exports, the service view and the PDF as its last four characters (docs/decisions.md,
   * "Sensitive answers sealed").
   */
  sensitive?: true;
}

/** A tab group (form-content section 2 item 8): the server accepts only its id and its tabs' ids. */
export interface TabGroupDef {
  id: string;
  /** The tab a visitor sees and a new applicant starts on. */
  defaultTab: string;
  /** Each tab with the answer keys it holds; switching away clears the old tab's keys. */
  tabs: readonly { id: string; label: string; keys: readonly string[] }[];
}

/** An Add Another button (form-content section 2 item 7): its id, and how many blocks it shows at most. */
export interface AddAnotherDef {
  id: string;
  max: number;
}

export interface SectionDef {
  id: string;
  title: string;
  intro?: string;
  questions: readonly QuestionDef[];
  condition?: Condition;
  /**
   * Sections of one group are alternatives: of those whose condition holds, only the first keeps
   * its answers; the others are hidden and cleared (spec platform section 4, several conditions).
   */
  group?: string;
  trigger?: SectionTrigger;
  /**
   * A block repeated through an Add Another button (form-content section 2 item 7): the questions
   * are slot 1's; slot n asks them with every block key suffixed `_n` (`expandRepeatedSection`),
   * up to the button's maximum, which the section declares here. Each block is headed `<blockTitle> <n>`.
   */
  repeat?: { button: AddAnotherDef; blockTitle: string };
  /**
   * Alternative answer modes of one tab group (form-content section 2 item 8), declared here: a
   * question belongs to the tab that lists its key; questions of no tab show beneath the tabs. Both
   * tabs' keys are optional for validation; the tab group widget clears the old tab's answers on a switch.
   */
  tabs?: TabGroupDef;
}

export interface PageDef {
  id: PageId;
  path: string;
  title: string;
  sections: readonly SectionDef[];
}

export type { AnswerValue, Answers };
