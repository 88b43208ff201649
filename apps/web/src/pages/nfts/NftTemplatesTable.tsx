import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@metatag/ui';
import { ApiRequestError } from '../../lib/api.js';
import { EmptyState } from '../../components/EmptyState.js';
import { CANNOT_ADD, ERRROR, NO_TEMPLATES } from '../../lib/texts.js';
import { useCurrentUser } from '../../session/useCurrentUser.js';
import { useMyCollections } from '../collections/collectionsApi.js';
import { CollectionPicker } from './CollectionPicker.js';
import { NftFieldEdit } from './NftFieldEdit.js';
import { NFT_FIELDS } from './nftFields.js';
import { NftMedia } from './NftMedia.js';
import { NftTemplateDetails } from './NftTemplateDetails.js';
import { TemplateMintFlag } from './TemplateMintFlag.js';
import { useMintTarget } from './useMintTarget.js';
import {
  deleteNft,
  removeTemplate,
  useCreateNft,
  useNfts,
  type NftScope,
  type NftTemplate,
} from './nftsApi.js';
import './nftTemplates.css';

/** How long a deleted row takes to collapse before it leaves the list. */
const COLLAPSE_MS = 250;

/** Spec section 8: a create that got no template back is 'cannot add'; a request that failed, 'errror'. */
function createFailureText(error: unknown): string {
  return error instanceof ApiRequestError && error.status !== undefined ? CANNOT_ADD : ERRROR;
}

/** Every mint of a template (chip, link, manual; a father's children apart): the mint ledger counts them. */
export function mintsOf(item: NftTemplate): number {
  return item.mints;
}

function NftRow({
  scope,
  item,
  showCollection,
  ownItems,
  superAdmin,
  columns,
}: {
  scope: NftScope;
  item: NftTemplate;
  showCollection: boolean;
  ownItems: boolean;
  superAdmin: boolean;
  columns: number;
}) {
  const { chain } = scope;
  const target = useMintTarget(chain, item, scope.userId);
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
        <td className="mono" data-label="id">
          {item.id}
        </td>
        <td className="nft-row__media" data-label="media">
          <NftMedia chain={chain} item={item} />
        </td>
        <td className="nft-row__title" data-label="title">
          <NftFieldEdit chain={chain} item={item} field={NFT_FIELDS.title} />
        </td>
        {showCollection && (
          <td className="nft-row__collection" data-label="Collection">
            <CollectionPicker chain={chain} item={item} userId={scope.userId} />
            <TemplateMintFlag
              chain={chain}
              nftId={item.id}
              target={target}
              ownItems={ownItems}
              superAdmin={superAdmin}
            />
          </td>
        )}
        <td className="num" data-label="mints" data-testid={`nft-mints-${item.id}`}>
          {item.childLimit ? (
            // a limited father (#30): its children under the child limit it was minted with
            <span title="children minted of the father's child limit">
              {item.children ?? 0}
              <span className="muted"> / {item.childLimit} children</span>
            </span>
          ) : (
            <>
              <span>{mintsOf(item)}</span>
              {item.limit > 0 && <span className="muted"> / {item.limit}</span>}
            </>
          )}
        </td>
        <td data-label="limit" data-testid={`nft-limit-${item.id}`}>
          {item.childLimit ? (
            <span title="the father's child limit, on chain (limitPerUid)">{item.childLimit}</span>
          ) : (
            <NftFieldEdit chain={chain} item={item} field={NFT_FIELDS.limit} />
          )}
        </td>
        <td className="num" data-label="chips" data-testid={`nft-chips-${item.id}`}>
          {item.chips}
        </td>
        <td className="num" data-label="links" data-testid={`nft-links-${item.id}`}>
          {item.links}
        </td>
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
              target={target}
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
 * Whether the signed-in user may add templates here: to their own items (or, as the super admin, to a
 * user's), and in a collection area only for a collection of theirs (a template names only
 * collections attached to its owner).
 */
function useCanAdd(scope: NftScope): { canAdd: boolean; foreignCollection: boolean } {
  const { data: user } = useCurrentUser();
  const collections = useMyCollections(scope.chain, scope.userId);
  const ownItems = scope.userId === undefined || scope.userId === user?.id;
  const foreignCollection =
    scope.collection !== undefined &&
    collections.data !== undefined &&
    !collections.data.some((c) => c.deployedAddress === scope.collection);
  const mayAddHere = scope.collection === undefined || collections.data !== undefined;
  return {
    canAdd: Boolean(user) && (ownItems || Boolean(user?.isSuperAdmin)) && mayAddHere && !foreignCollection,
    foreignCollection,
  };
}

/**
 * The NFT templates table (spec sections 2, 3 and 5): add a template, edit every field inline,
 * upload media, soft delete, and per template the details with its mints. The Collection column
 * is shown when a user is present. Its numbers are live: the list is read again every 2.5 s while
 * it is shown (the spec's poll), and after each change.
 */
export function NftTemplatesTable({ scope }: { scope: NftScope }) {
  const { data: user } = useCurrentUser();
  const nfts = useNfts(scope);
  const create = useCreateNft(scope);
  const { canAdd, foreignCollection } = useCanAdd(scope);
  const showCollection = Boolean(user);
  const ownItems = scope.userId === undefined || scope.userId === user?.id;
  const columns = showCollection ? 9 : 8;

  const add = () =>
    create.mutate(undefined, {
      onError: (error) => window.alert(createFailureText(error)),
    });

  return (
    <div className="nft-templates">
      {foreignCollection && (
        <p className="mt-error-text" role="note" data-testid="foreign-collection">
          This collection is not one of {ownItems ? 'your' : 'this user’s'} collections on {scope.chain}:
          templates cannot be added to it, and templates naming it cannot mint.
        </p>
      )}
      {canAdd && (
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
      )}
      {nfts.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : nfts.isError ? (
        <p className="mt-error-text" role="alert">
          {nfts.error.message}
        </p>
      ) : nfts.data.length === 0 ? (
        <EmptyState title={NO_TEMPLATES} testId="templates-empty">
          {canAdd ? (
            <>
              <button type="button" className="empty-state__action" onClick={add} disabled={create.isPending}>
                Create your first template
              </button>{' '}
              — chips and QR links mint from it.
            </>
          ) : (
            'Chips and QR links mint from a template.'
          )}
        </EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--cards nft-table" aria-label="NFT templates">
            <thead>
              <tr>
                <th scope="col">id</th>
                <th scope="col">media</th>
                <th scope="col">title</th>
                {showCollection && <th scope="col">Collection</th>}
                <th scope="col" className="num">
                  mints
                </th>
                <th scope="col">limit</th>
                <th scope="col" className="num">
                  chips
                </th>
                <th scope="col" className="num">
                  links
                </th>
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
                  superAdmin={Boolean(user?.isSuperAdmin)}
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
