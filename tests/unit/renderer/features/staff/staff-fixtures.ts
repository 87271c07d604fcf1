import type { InboxRow, StaffMeResponse } from '../../../../../common/staff-api';

/** A reader's session. */
export const staffMe: StaffMeResponse = { email: 'officer@example.edu', role: 'reader', recovery_codes_left: 8 };

/** A submitted application three items from complete. */
export const inboxRow: InboxRow = {
  id: 'a1',
  name: 'Ada Lovelace',
  email: 'ada@example.edu',
  program: 'Computer Science',
  campus: 'Main',
  term: 'Fall 2027',
  status: 'submitted',
  submitted_at: '2026-11-01T10:00:00Z',
  last_saved_at: '2026-11-01T10:00:00Z',
  documents: 0,
  checklist: { complete: false, fee_awaiting: true, transcripts_missing: 1, letters_missing: 1, documents_missing: 0, outstanding: 3 },
};
