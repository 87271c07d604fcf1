// Staff accounts of the admissions office (issue 19), in the store the server uses:
//
//   npm run staff -- add <email> --role reader|admin   creates the account and e-mails an invitation
//   npm run staff -- invite <email>                    a new invitation (lost phone, locked account)
//   npm run staff -- remove <email>
//   npm run staff -- list
//
// The invitation leaves through the mail outbox (the server's mail sender sends it).
import { staffRoles } from '../common/staff-api';
import { loadConfigOrReport } from '../backend/platform/config';
import { systemClock } from '../backend/platform/clock';
import { createStaffAdmin, StaffCommandError, STAFF_INVITATION_HOURS, type StaffAdmin } from '../backend/staff/staff-admin';
import { openStore } from '../backend/open-store';
import { runCommand } from './token-command';
import { answerSealerFor } from '../backend/security/sealing-keys';

const USAGE = `Usage:
  npm run staff -- add <email> --role ${staffRoles.join('|')}
  npm run staff -- invite <email>
  npm run staff -- remove <email>
  npm run staff -- list

add      creates a staff account and e-mails an invitation link (single use, ${STAFF_INVITATION_HOURS} hours)
         to choose a password and set up an authenticator app
invite   sends a new invitation; the old password, app and recovery codes stop working
remove   deletes the account and ends its sessions (the access log keeps its entries)
list     prints every staff account with its role and state`;

type Command = { name: 'add'; email: string; role: string } | { name: 'invite' | 'remove'; email: string } | { name: 'list' };

/** The command and its arguments, or a usage problem ('' for --help). */
function parseStaffArguments(argv: string[]): Command | string {
  if (argv.includes('--help') || argv.includes('-h')) return '';
  const positional: string[] = [];
  let role: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--role') role = argv[++index];
    else if (argument.startsWith('--role=')) role = argument.slice('--role='.length);
    else if (argument.startsWith('-')) return `Unknown option ${argument}.`;
    else positional.push(argument);
  }
  const [name, email, ...extra] = positional;
  if (extra.length > 0) return `Unexpected argument ${extra[0]}.`;
  if (role !== undefined && name !== 'add') return '--role goes with add only.';
  switch (name) {
    case 'add':
      if (!email) return 'Give the e-mail address of the staff member.';
      if (!role) return `Give --role ${staffRoles.join(' or ')}.`;
      return { name, email, role };
    case 'invite':
    case 'remove':
      return email ? { name, email } : 'Give the e-mail address of the staff member.';
    case 'list':
      return email ? `Unexpected argument ${email}.` : { name };
    default:
      return name ? `Unknown command ${name}.` : 'Give a command: add, invite, remove or list.';
  }
}

async function run(admin: StaffAdmin, command: Command): Promise<void> {
  const expiry = (at: number) => `the link expires ${new Date(at).toISOString()}`;
  switch (command.name) {
    case 'add': {
      const added = await admin.add(command.email, command.role);
      console.log(`Added ${added.email} as ${command.role}; invitation e-mailed (${expiry(added.expiresAt)}).`);
      return;
    }
    case 'invite': {
      const invited = await admin.invite(command.email);
      console.log(`New invitation e-mailed to ${invited.email} (${expiry(invited.expiresAt)}).`);
      return;
    }
    case 'remove':
      console.log(`Removed ${await admin.remove(command.email)}.`);
      return;
    case 'list': {
      const staff = await admin.list();
      if (staff.length === 0) console.log('No staff accounts.');
      for (const member of staff) console.log(`${member.email}\t${member.role}\t${member.state}\t${member.created_at}`);
    }
  }
}

async function main(): Promise<number> {
  const command = parseStaffArguments(process.argv.slice(2));
  if (typeof command === 'string') {
    if (command) console.error(command);
    console.error(USAGE);
    return command ? 2 : 0;
  }
  const config = loadConfigOrReport();
  if (!config) return 2;
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sealer: answerSealerFor(config) });
  try {
    const admin = createStaffAdmin({
      store,
      clock: systemClock,
      publicUrl: config.publicUrl,
      // As the server does with account mail: a developer without mail sees the link.
      onMailQueued: (message) => {
        if (config.environment === 'development') console.log(`development mail: ${message.devSummary}`);
      },
    });
    await run(admin, command);
    return 0;
  } catch (error) {
    if (!(error instanceof StaffCommandError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await store.close();
  }
}

runCommand(main, 'The staff command failed:');
