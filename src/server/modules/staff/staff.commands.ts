import { type ShopCommand, UsageError } from '#server/cli/shop-command';
import { PasswordHasher } from '#server/modules/account/password';
import { EMAIL_PATTERN } from '#shared/schemas/account.rules';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '#shared/schemas/staff.rules';
import { StaffService } from './staff.service';

/** `--flag value` pairs and the words around them. */
function parseFlags(
  args: string[],
  known: readonly string[],
): { words: string[]; flags: Record<string, string> } {
  const words: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const value = args[i + 1];
    if (!known.includes(name)) throw new UsageError(`unknown option ${arg}`);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    flags[name] = value;
    i++;
  }
  return { words, flags };
}

function roleOf(value: string | undefined): StaffRole {
  if (!isStaffRole(value)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(', ')}`);
  return value;
}

function emailOf(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (!EMAIL_PATTERN.test(email)) throw new UsageError('this command needs an e-mail address');
  return email;
}

/** The staff commands of `npm run shop` (shop-commands.ts): they act as the command line (no staff id). */
export const staffCommands: Record<string, ShopCommand> = {
  staff: {
    args: 'add EMAIL --role R',
    does: [
      'add a staff member (--role owner, manager or packer; --name N)',
      'and print their one-time set-password link (valid 24 h)',
    ],
    async run(ctx, args) {
      const [sub, ...rest] = args;
      // Adding prints a link; nothing here hashes, so the hasher's cost does not matter.
      const staff = new StaffService({
        db: ctx.database.db,
        clock: ctx.clock,
        passwords: new PasswordHasher(),
        publicUrl: ctx.config.publicUrl,
      });
      if (sub === 'add') {
        const { words, flags } = parseFlags(rest, ['role', 'name']);
        const email = emailOf(words[0]);
        const role = roleOf(flags.role);
        const name = flags.name ?? email.split('@')[0] ?? email;
        const added = await staff.add({ email, name, role }, null);
        ctx.print(`added ${email} as ${role}. Their one-time link to set a password (24 h):`);
        ctx.print(added.setPasswordUrl);
        return;
      }
      throw new UsageError(sub === undefined ? 'staff needs a subcommand' : `unknown staff command ${sub}`);
    },
  },
};
