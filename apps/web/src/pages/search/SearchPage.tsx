import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Page } from '@metatag/ui';
import { KIND_LABELS, searchQueryOptions } from './searchApi.js';
import { withoutReadMore } from '../chip/description.js';
import './search.css';

/**
 * Search results (issue #20), grouped by kind, best group first. Arrow keys move through the results
 * (across groups), Enter opens the selected one; the header's search box starts a search.
 */
export function SearchPage() {
  const { query = '' } = useParams();
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(searchQueryOptions(query));
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [query]);
  const hits = data?.groups.flatMap((group) => group.hits) ?? [];

  const onKeyDown = (event: KeyboardEvent) => {
    if (!hits.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((value) => (value + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // the router's navigate settles when the page has rendered; nothing waits for it
      void navigate(hits[active].path);
    }
  };

  let index = -1;
  return (
    <Page className="search-page" aria-labelledby="search-title">
      <h1 id="search-title" className="page-title">
        Search
      </h1>
      <p className="search-page__query">
        Results for <strong data-testid="search-query">{query}</strong>
      </p>
      {isPending && query && <p>Searching…</p>}
      {isError && <p role="alert">server error</p>}
      {data && hits.length === 0 && <p data-testid="search-empty">Nothing found.</p>}
      {data && hits.length > 0 && (
        <div
          className="search-results"
          role="listbox"
          tabIndex={0}
          aria-label="Search results"
          aria-activedescendant={`search-hit-${active}`}
          onKeyDown={onKeyDown}
          data-testid="search-results"
          autoFocus
        >
          {data.groups.map((group) => (
            <section key={group.kind} className="search-group" data-testid={`search-group-${group.kind}`}>
              <h2 className="search-group__title">{KIND_LABELS[group.kind]}</h2>
              {group.hits.map((hit) => {
                index += 1;
                const mine = index;
                return (
                  <Link
                    key={`${hit.path}:${hit.title}`}
                    id={`search-hit-${mine}`}
                    role="option"
                    aria-selected={mine === active}
                    tabIndex={-1}
                    className={mine === active ? 'search-hit search-hit--active' : 'search-hit'}
                    to={hit.path}
                    data-testid="search-hit"
                    onMouseEnter={() => setActive(mine)}
                  >
                    <span className="search-hit__title">{hit.title}</span>
                    {hit.detail && <span className="search-hit__detail">{withoutReadMore(hit.detail)}</span>}
                  </Link>
                );
              })}
            </section>
          ))}
        </div>
      )}
    </Page>
  );
}
