import { Button, TextInput } from '@metatag/ui';
import { MAX_LINK_BATCH, parseBatchCount } from './chiplinkRules.js';
import { useCreateLinks, type ChiplinkScope } from './chiplinksApi.js';
import { CreateFormMessages, useCreateForm } from './useCreateForm.js';

/**
 * Batch creation of QR links (spec sections 2 and 5): a negative (or empty) count cancels with no
 * request; a failure alerts 'Cannot link' (section 8).
 */
export function CreateLinksForm({ scope }: { scope: ChiplinkScope }) {
  const create = useCreateLinks(scope);
  const form = useCreateForm({
    initial: '1',
    parse: parseBatchCount,
    create: (count: number) => create.mutateAsync(count),
    describe: ({ items }) => `${items.length} QR link${items.length === 1 ? '' : 's'} created.`,
    cancelled: 'Cancelled: a count of 0 or less (or none) creates no links.',
    after: (input) => input,
  });

  return (
    <form
      className="chiplinks__form"
      noValidate
      onSubmit={(event) => void form.submit(event)}
      aria-label={`Create QR links for NFT ${scope.nftId}`}
    >
      <TextInput
        type="number"
        step={1}
        max={MAX_LINK_BATCH}
        className="chiplinks__count"
        aria-label={`Number of QR links for NFT ${scope.nftId}`}
        value={form.value}
        invalid={form.invalid !== null}
        onChange={(event) => form.change(event.target.value)}
      />
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        Create QR links
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
