import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@metatag/ui';
import { ApiRequestError } from '../../lib/api.js';
import { CANNOT_ADD, ERRROR, NO_TEMPLATES } from '../../lib/texts.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { NftFieldEdit } from './NftFieldEdit.js';
import { NFT_FIELDS } from './nftFields.js';
import { NftMedia } from './NftMedia.js';
import { NftTemplateDetails } from './NftTemplateDetails.js';
import {
  deleteNft,
  removeTemplate,
  useCreateNft,
  useNfts,
  type NftScope,
  type NftTemplate,
} from './nftsApi.js';

/** How long a deleted row takes to collapse before it leaves the list. */
const COLLAPSE_MS = 250;

/** Spec section 8: a create that got no template back is 'cannot add'; a request that failed, 'errror'. */
function createFailureText(error: unknown): string {
  return error instanceof ApiRequestError && error.status !== undefined ? CANNOT_ADD : ERRROR;
}

function NftRow({
  scope,
  item,
  showCollection,
  ownItems,
  columns,
}: {
  scope: NftScope;
  item: NftTemplate;
  showCollection: boolean;
  ownItems: boolean;
  columns: number;
}) {
  const { chain } = scope;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [collapsing, setCollapsing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const remove = async () => {
    if (!window.confirm(`Delete NFT template ${item.id}${item.title ? ` (${item.title})` : ''}?`)) return;
    setDeleting(true);
    try {
      await deleteNft(chain, item.id);
    } catch {
      setDeleting(false);
      window.alert(ERRROR);
      return;
    }
    // Soft delete: the row collapses, then leaves the list.
    setOpen(false);
    setCollapsing(true);
    timer.current = setTimeout(() => removeTemplate(queryClient, chain, item.id), COLLAPSE_MS);
  };

  const detailsId = `nft-details-row-${item.id}`;
  return (
    <>
      <tr
        className={collapsing ? 'nft-row nft-row--collapsing' : 'nft-row'}
        data-testid={`nft-row-${item.id}`}
        aria-hidden={collapsing || undefined}
      >
        <td className="mono">{item.id}</td>
        <td className="nft-row__media">
          <NftMedia chain={chain} item={item} />
        </td>
        <td>
          <NftFieldEdit chain={chain} item={item} field={NFT_FIELDS.title} />
        </td>
        <td>
          <NftFieldEdit chain={chain} item={item} field={NFT_FIELDS.limit} />
        </td>
        {showCollection && (
          <td className="nft-row__collection mono">
            <NftFieldEdit chain={chain} item={item} field={NFT_FIELDS.collection} />
          </td>
        )}
        <td>{item.mints}</td>
        <td className="nft-row__actions">
          <div className="nft-row__buttons">
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={`${open ? 'Hide' : 'Show'} details of NFT ${item.id}`}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? 'Hide' : 'Details'}
            </Button>
            <Button
              variant="ghost"
              aria-label={`Delete NFT ${item.id}`}
              disabled={deleting}
              onClick={() => void remove()}
            >
              Delete
            </Button>
          </div>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="nft-details-row">
          <td colSpan={columns}>
            <NftTemplateDetails
              chain={chain}
              item={item}
              collection={item.collection || scope.collection || ''}
              ownItems={ownItems}
              userId={scope.userId}
            />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The NFT templates table (spec sections 2, 3 and 5): add a template, edit every field inline,
 * upload media, soft delete, and per template the details with its mints. The Collection column
 * is shown when a user is present.
 */
export function NftTemplatesTable({ scope }: { scope: NftScope }) {
  const { data: user } = useCurrentUser();
  const nfts = useNfts(scope);
  const create = useCreateNft(scope);
  const showCollection = Boolean(user);
  const ownItems = scope.userId === undefined || scope.userId === user?.id;
  const columns = showCollection ? 7 : 6;

  const add = () =>
    create.mutate(undefined, {
      onError: (error) => window.alert(createFailureText(error)),
    });

  return (
    <div className="nft-templates">
      <div className="nft-templates__toolbar">
        <Button onClick={add} disabled={create.isPending} aria-busy={create.isPending || undefined}>
          Add NFT template
        </Button>
        {create.isError && (
          <span className="mt-error-text" role="alert">
            {createFailureText(create.error)}
            {create.error.message && create.error.message !== 'server error'
              ? `: ${create.error.message}`
              : ''}
          </span>
        )}
      </div>
      {nfts.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : nfts.isError ? (
        <p className="mt-error-text" role="alert">
          {nfts.error.message}
        </p>
      ) : nfts.data.length === 0 ? (
        <p className="muted">{NO_TEMPLATES}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table nft-table" aria-label="NFT templates">
            <thead>
              <tr>
                <th scope="col">id</th>
                <th scope="col">media</th>
                <th scope="col">title</th>
                <th scope="col">limit</th>
                {showCollection && <th scope="col">Collection</th>}
                <th scope="col">mints</th>
                <th scope="col">
                  <span className="visually-hidden">actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {nfts.data.map((item) => (
                <NftRow
                  key={item.id}
                  scope={scope}
                  item={item}
                  showCollection={showCollection}
                  ownItems={ownItems}
                  columns={columns}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
