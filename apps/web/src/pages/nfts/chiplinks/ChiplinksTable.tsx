import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { CHIPLINKS_CSV_NAME, csvPath, offersCsv, type ChiplinkKind } from './chiplinkRules.js';
import { useChiplinks, useRemoveChiplink, type ChiplinkScope } from './chiplinksApi.js';
import { CheckTapUrl } from './CheckTapUrl.js';
import { ChiplinkRow } from './ChiplinkRow.js';
import { CreateChipForm } from './CreateChipForm.js';
import { CreateLinksForm } from './CreateLinksForm.js';

const TITLES = { chip: 'Chips', link: 'Links' } as const;

/**
 * The chips or the links of a template (spec sections 2, 3 and 9): the first 30 rows; above 30 the
 * CSV export links.csv (streamed by the gateway) is offered.
 */
export function ChiplinksTable({ type, scope }: { type: ChiplinkKind; scope: ChiplinkScope }) {
  const list = useChiplinks(type, scope);
  const remove = useRemoveChiplink(type, scope);
  const { nftId, userId } = scope;

  const title = TITLES[type];
  const titleId = `chiplinks-${type}-${nftId}`;
  const columns = 9;
  return (
    <section className="chiplinks" aria-labelledby={titleId}>
      <h3 id={titleId} className="nft-details__title">
        {title}
      </h3>
      {type === 'chip' ? <CreateChipForm scope={scope} /> : <CreateLinksForm scope={scope} />}
      {type === 'chip' && <CheckTapUrl nftId={nftId} />}
      {list.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : list.isError ? (
        <p className="mt-error-text" role="alert">
          {list.error.message}
        </p>
      ) : list.data.items.length === 0 ? (
        <EmptyState title={`No ${title.toLowerCase()} yet.`} testId={`${type}s-empty-${nftId}`}>
          {type === 'link' ? (
            'Create a batch of QR links above: each one mints once.'
          ) : userId === undefined ? (
            <>
              Link a chip by its UID above, or{' '}
              <Link to={`/${scope.chain}/admin/batches/${nftId}`}>import a batch</Link> (CSV of UIDs).
            </>
          ) : (
            'Link a chip by its UID above.'
          )}
        </EmptyState>
      ) : (
        <>
          <div className="table-scroll">
            <table
              className="data-table data-table--cards chiplinks-table"
              aria-label={`${title} of NFT ${nftId}`}
            >
              <thead>
                <tr>
                  <th scope="col">id</th>
                  <th scope="col">uid</th>
                  <th scope="col" className="num">
                    scans
                  </th>
                  <th scope="col" className="num">
                    mints
                  </th>
                  <th scope="col">created</th>
                  <th scope="col">tokenToMint</th>
                  <th scope="col">locked</th>
                  {type === 'link' ? <th scope="col">QR code</th> : <th scope="col">tap data</th>}
                  <th scope="col" className="chiplinks__actions">
                    <span className="visually-hidden">actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <ChiplinkRow key={item.id} item={item} columns={columns} onRemove={remove.mutateAsync} />
                ))}
              </tbody>
            </table>
          </div>
          {offersCsv(list.data.total) && (
            <p className="chiplinks__more">
              Showing {list.data.items.length} of {list.data.total}.{' '}
              <a href={csvPath(type, nftId, userId)} download={CHIPLINKS_CSV_NAME}>
                {CHIPLINKS_CSV_NAME}
              </a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
