import { Button, TextInput } from '@metatag/ui';
import { parseChipId } from './chiplinkRules.js';
import { useCreateChip, type ChiplinkScope } from './chiplinksApi.js';
import { CreateFormMessages, useCreateForm } from './useCreateForm.js';

/**
 * Single chip creation with its chip id, the UID (spec sections 2 and 5): an empty id cancels (no
 * request); a failure alerts 'Cannot link' (section 8).
 */
export function CreateChipForm({ scope }: { scope: ChiplinkScope }) {
  const create = useCreateChip(scope);
  const form = useCreateForm({
    initial: '',
    parse: parseChipId,
    create: (uid: string) => create.mutateAsync(uid),
    describe: ({ item }) => `Chip ${item.id} linked.`,
    cancelled: 'Cancelled: no chip id was given, so no chip was linked.',
    after: () => '',
  });

  return (
    <form
      className="chiplinks__form"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      aria-label={`Link a chip to NFT ${scope.nftId}`}
    >
      <TextInput
        aria-label={`Chip id for NFT ${scope.nftId}`}
        placeholder="Chip id (UID, 14 hex digits)"
        value={form.value}
        invalid={form.invalid !== null}
        spellCheck={false}
        autoComplete="off"
        maxLength={64}
        onChange={(event) => form.change(event.target.value)}
      />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        Link chip
      </Button>
      <CreateFormMessages
        invalid={form.invalid}
        failure={form.failure}
        done={form.done}
        cancelled={form.cancelled}
      />
    </form>
  );
}
