// Letters of recommendation (issue 28 items 2 and 5): the applicant names recommenders after
// submitting; each recommender gets a link of their own, which opens their letter page and nothing
// else. docs/decisions.md, "Letters of recommendation", records the rules.

/** The calls, named once. The applicant's need a session; the recommender's are authenticated by the token in the path alone. */
export const recommendationPaths = {
  /** GET the requests with their state; POST names a recommender. */
  applicantList: '/api/recommendations',
  /** PUT corrects the address or replaces the recommender (a new link; the old one stops working); DELETE revokes. */
  applicantRequest: '/api/recommendations/:id',
  /** POST mails the recommender a new link (the earlier one stops working). */
  applicantResend: '/api/recommendations/:id/resend',
  /** GET what the recommender may see. */
  recommender: '/public/recommendation/:token',
  /** POST: the recommender opened the page. */
  recommenderOpened: '/public/recommendation/:token/opened',
  /** POST the letter; the answer is the confirmation. */
  recommenderLetter: '/public/recommendation/:token/letter',
  /** POST (no body): an upload form for the letter as a document (the answer is a PresignedUpload, as /api/presigned-url's). */
  recommenderLetterUpload: '/public/recommendation/:token/letter-upload',
  /**
   * POST { file_key, file_name } of the uploaded letter: 202 with its conversion's status; GET the
   * status (ConversionStatusResponse). The letter is received when the conversion completes; a
   * FAILED one says why, and the recommender may upload again or type the letter.
   */
  recommenderLetterFile: '/public/recommendation/:token/letter-file',
} as const;

/** The renderer's page a recommender's link opens: `<public origin>/recommend/<token>`. */
export const RECOMMEND_PAGE_PREFIX = '/recommend/';

export function recommendLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RECOMMEND_PAGE_PREFIX}${encodeURIComponent(token)}`;
}

/** The body field that holds a typed letter: a multi-line field, so it keeps tabs and line breaks (text-characters.ts). */
export const LETTER_TEXT_FIELD = 'letter_text';

export const recommendationLimits = {
  nameMax: 100,
  relationshipMax: 100,
  /** About four pages of prose: letters run one to two. */
  letterMax: 15_000,
  /** Days a link works after its last invitation. */
  linkDays: 30,
} as const;

/** Where a request stands, as the applicant's checklist shows it. */
export type RecommendationState = 'invited' | 'opened' | 'received';

/** One request as the applicant sees it; times are ISO 8601. */
export interface ApplicantRecommendation {
  id: string;
  name: string;
  email: string;
  relationship: string;
  state: RecommendationState;
  invited_at: string;
  last_sent_at: string;
  invitations_sent: number;
  expires_at: string;
  opened_at: string | null;
  received_at: string | null;
  /** What the mail server said when it refused the last invitation for good; null when none did. */
  delivery_failure: string | null;
  /**
   * Always null: the applicant never reads a letter through the application, waived or not
   * (docs/decisions.md, "Letters: uploads, the office's PDF"); kept for the clients that read it.
   */
  letter_text: string | null;
}

/** GET /api/recommendations. */
export interface RecommendationListResponse {
  /** What the applicant's program asks for (the catalogue's `letters`, common/form/tenant.ts). */
  letters: { required: number; accepted: number };
  /** The `counselor_request_waiver` answer was yes: no letter's text ever comes back. */
  waived: boolean;
  /** Requests not revoked, oldest first. */
  recommendations: ApplicantRecommendation[];
}

/** POST /api/recommendations and PUT /api/recommendations/:id. */
export interface RecommenderInput {
  name: string;
  email: string;
  relationship: string;
}

/** GET /public/recommendation/:token: the applicant's name and program, whether they waived, and nothing else of the application. */
export interface RecommenderView {
  recommender_name: string;
  applicant_name: string;
  program: string;
  waived: boolean;
  opened_at: string | null;
  /**
   * The letter received as a file, while the recommender may still replace it (issue 33 item 6):
   * the file's name as sent and when the request was received; null before a letter arrives.
   */
  letter_file: { file_name: string; received_at: string } | null;
}

/** POST /public/recommendation/:token/letter. */
export interface LetterInput {
  letter_text: string;
}

/** The confirmation of a received letter. */
export interface LetterReceipt {
  received_at: string;
}

/**
 * What the recommender is told of the applicant's waiver (the `counselor_request_waiver` answer), on
 * the letter page and in the invitation alike. The applicant never reads a letter through the
 * application either way (docs/decisions.md, "Who reads a letter: the office").
 */
export function waiverSentence(applicantName: string, waived: boolean): string {
  return waived
    ? `${applicantName} has waived the right to read your letter: it goes to the admissions office alone.`
    : `${applicantName} has not waived the right to read your letter, and may read it if admitted and enrolled.`;
}
