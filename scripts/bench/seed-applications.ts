// Many applications written straight into a store, for the benchmarks that need a full one.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../backend/store/db';

const FIRST = ['José', 'Ana', 'Łukasz', '小明', 'Mary', 'Nguyễn', 'Ahmed', 'Søren', 'Chloé', 'Olusegun'];
const LAST = ['Álvarez', 'Smith', 'Żółć', '王', "O'Brien", 'Trần', 'Haddad', 'Kierkegaard', 'Dubois', 'Adeyemi'];
const CAMPUSES = [['M', 'Main campus'], ['D', 'Downtown']];
const PROGRAMS = [['MPA', 'Public Administration (MPA)'], ['MBA', 'Business Administration (MBA)'], ['MSW', 'Social Work (MSW)']];
const DAY = 24 * 3_600_000;

/**
 * Writes `count` applications straight into the store, half of them submitted: accounts, 15 answers
 * each with their history, submissions (the staff-inbox and backup benchmarks). Returns the account ids.
 */
export async function seedApplications(db: Db, count: number, now: number): Promise<string[]> {
  const ids: string[] = [];
  const BATCH = 250;
  for (let start = 0; start < count; start += BATCH) {
    await db.kysely.transaction().execute(async (trx) => {
      const accounts = [];
      const answers = [];
      const history = [];
      const submissions = [];
      for (let index = start; index < Math.min(count, start + BATCH); index += 1) {
        const id = randomUUID();
        ids.push(id);
        const at = now - (index % 60) * DAY;
        accounts.push({ id, username: `applicant${index}@example.edu`, password_hash: 'x', confirmed_at: at, created_at: at, updated_at: at });
        const [campus, campusLabel] = CAMPUSES[index % 2]!;
        const [program, programLabel] = PROGRAMS[index % 3]!;
        const values: Record<string, string> = {
          first_name: FIRST[index % 10]!,
          last_name: `${LAST[(index * 7) % 10]!}${index}`,
          email_address: `personal${index}@example.com`,
          campus_preferrence: campus!,
          campus_preferrence_desc: campusLabel!,
          applied_major: program!,
          applied_major_desc: programLabel!,
          entry_term: index % 2 ? '2027FA' : '2027SP',
          entry_term_desc: index % 2 ? 'Fall 2027' : 'Spring 2027',
          city: 'Baltimore',
          state: 'Maryland',
          zip: '21201',
          phone: '(410) 555-0100',
          gender: 'F',
          personal_statement: 'I would like to study here. '.repeat(40),
        };
        for (const [answer_key, value] of Object.entries(values)) {
          answers.push({ account_id: id, answer_key, value: JSON.stringify(value), updated_at: at });
          history.push({ account_id: id, answer_key, old_value: null, new_value: JSON.stringify(value), changed_by: 'applicant', changed_at: at });
        }
        if (index % 2 === 0) {
          submissions.push({ account_id: id, answers: JSON.stringify(values), document_answers: '{}', tabs: '{}', add_another: '{}', submitted_at: at + 1_000 });
        }
      }
      await trx.insertInto('accounts').values(accounts).execute();
      for (let offset = 0; offset < answers.length; offset += 1_000) {
        await trx.insertInto('answers').values(answers.slice(offset, offset + 1_000)).execute();
        await trx.insertInto('answer_history').values(history.slice(offset, offset + 1_000)).execute();
      }
      if (submissions.length > 0) await trx.insertInto('submissions').values(submissions).execute();
    });
  }
  return ids;
}

