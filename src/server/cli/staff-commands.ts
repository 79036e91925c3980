import { audited, auditedWith } from '#server/admin/admin-route';
import { PasswordHasher } from '#server/modules/account/password';
import { StaffService } from '#server/modules/staff/staff.service';
import { StaffTeam } from '#server/modules/staff/staff.team';
import { EMAIL_PATTERN } from '#shared/schemas/account.rules';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '#shared/schemas/staff.rules';
import { type ShopCommand, UsageError } from './shop-command';

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
  if (!isStaffRole(value)) throw new UsageError(`the role must be one of ${STAFF_ROLES.join(', ')}`);
  return value;
}

function emailOf(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (!EMAIL_PATTERN.test(email)) throw new UsageError('this command needs an e-mail address');
  return email;
}

/**
 * The staff commands of `npm run shop` (shop-commands.ts): they act as the command line, so their
 * audit lines name no staff member.
 */
export const staffCommands: Record<string, ShopCommand> = {
  staff: {
    args: 'SUBCOMMAND',
    does: [
      'add EMAIL --role R [--name N]: add a staff member (R: owner, manager',
      '  or packer) and print their one-time set-password link (24 h)',
      'list | role EMAIL R | remove EMAIL: list, change a role, remove',
      'reset-2fa EMAIL: forget their authenticator and recovery codes and end',
      '  their sessions; they set up two-factor again at their next sign-in',
    ],
    async run(ctx, args) {
      const [sub, ...rest] = args;
      // Nothing here hashes a password, so the hasher's cost does not matter.
      const staff = new StaffService({
        db: ctx.database.db,
        clock: ctx.clock,
        passwords: new PasswordHasher(),
        publicUrl: ctx.config.publicUrl,
      });
      const team = new StaffTeam({ staff, shopName: ctx.config.mail.shopName });
      const deps = { db: ctx.database.db, clock: ctx.clock };
      switch (sub) {
        case 'add': {
          const { words, flags } = parseFlags(rest, ['role', 'name']);
          const email = emailOf(words[0]);
          const role = roleOf(flags.role);
          const name = flags.name ?? email.split('@')[0] ?? email;
          const added = await team.invite({ email, name, role }, null, auditedWith(deps));
          ctx.print(`added ${email} as ${role}. Their one-time link to set a password (24 h):`);
          ctx.print(added.setPasswordUrl);
          return;
        }
        case 'list': {
          const { list } = await team.list(1, 10_000);
          if (list.length === 0) ctx.print('no staff: add an owner with `staff add EMAIL --role owner`');
          for (const s of list) {
            const totp = s.totpEnabled ? 'authenticator on' : 'authenticator off';
            ctx.print([String(s.id).padStart(4), s.role.padEnd(8), s.email, `(${s.name})`, totp].join('  '));
          }
          return;
        }
        case 'role': {
          const [who, role] = rest;
          const row = await team.find(emailOrId(who));
          const changed = await audited(deps, null, (tx) => team.changeRole(tx, row.id, roleOf(role)));
          ctx.print(`${changed.email}: ${row.role} -> ${changed.role} (their sessions ended)`);
          return;
        }
        case 'remove': {
          const row = await team.find(emailOrId(rest[0]));
          await audited(deps, null, (tx) => team.remove(tx, row.id));
          ctx.print(`${row.email} removed (their sessions ended)`);
          return;
        }
        case 'reset-2fa': {
          const row = await team.find(emailOrId(rest[0]));
          await audited(deps, null, (tx) => team.resetTotp(tx, row.id, null));
          const next = row.role === 'owner' ? 'must set up' : 'may set up';
          ctx.print(
            `${row.email}: two-factor sign-in reset (their sessions ended); they sign in with their password and ${next} an authenticator app again`,
          );
          return;
        }
        default:
          throw new UsageError(
            sub === undefined ? 'staff needs a subcommand' : `unknown staff command ${sub}`,
          );
      }
    },
  },
};

function emailOrId(value: string | undefined): string {
  if (value && /^\d{1,9}$/.test(value)) return value;
  return emailOf(value);
}
