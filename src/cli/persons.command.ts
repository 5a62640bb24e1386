import { Command } from 'commander';
import { changeTraits } from '../features/accounts/traits.service.js';
import { deletePerson } from '../features/persons/delete-person.service.js';
import { editPerson } from '../features/persons/edit-person.service.js';
import { EditPersonBody, toPerson } from '../features/persons/persons.schemas.js';
import { requireTenant } from '../features/tenants/require-tenant.js';
import { type DeletionOptions, runDeletion } from './confirm-deletion.js';
import { print, withDatabase } from './context.js';
import { traitChange, traitOptions } from './traits-options.js';
import { readJsonInput } from './validate-input.js';

/** `quire persons edit`: the admin API's PATCH .../persons/{personId}. */
export function personsCommand(): Command {
  const persons = new Command('persons').description('Manage persons');
  persons
    .command('edit <personId>')
    .description(
      'Correct a person: name, email, phoneNumber, linkedinProfileUrl (the rules of POST /v0/persons)',
    )
    .requiredOption('--tenant <id or name>', 'the tenant of the person')
    .option('--data <json>', 'the members to change, as JSON, e.g. {"email": "grace@navy.mil"}')
    .option('--file <path>', 'read the JSON from a file (- for stdin)')
    .option('--json', 'print the result as one JSON object')
    .action(async (personId: string, o) => {
      await withDatabase(async ({ db }) => {
        const input = readJsonInput(EditPersonBody, o);
        const person = await editPerson(db, await requireTenant(db, o.tenant), personId, input);
        print(toPerson(person), o.json === true);
      });
    });
  traitOptions(
    persons
      .command('traits <personId>')
      .description("Set or remove traits of a person (the admin API's PATCH .../persons/{personId}/traits)")
      .requiredOption('--tenant <id or name>', 'the tenant of the person'),
  )
    .option('--json', 'print the result as one JSON object')
    .action(async (personId: string, o) => {
      await withDatabase(async ({ db }) => {
        const change = traitChange(o);
        const tenantId = await requireTenant(db, o.tenant);
        print(toPerson(await changeTraits(db, 'persons', tenantId, personId, change)), o.json === true);
      });
    });
  persons
    .command('delete <personId>')
    .description(
      'Delete a person with their logs and audiences, erasing them from events and audit documents; asks unless --yes',
    )
    .requiredOption('--tenant <id or name>', 'the tenant of the person')
    .option('--yes', 'delete without asking (scripts)')
    .option('--dry-run', 'print what would be removed, remove nothing')
    .option('--json', 'print the result as one JSON object')
    .action(async (personId: string, o: DeletionOptions & { tenant: string }) => {
      await withDatabase(async ({ db }) => {
        const tenantId = await requireTenant(db, o.tenant);
        await runDeletion(
          `the person ${personId}`,
          () => 'yes',
          (dryRun) => deletePerson(db, tenantId, personId, { dryRun }),
          o,
        );
      });
    });
  return persons;
}
