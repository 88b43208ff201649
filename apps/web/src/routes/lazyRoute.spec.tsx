import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { lazyRoute, preloadRoutes } from './lazyRoute.js';

const page = (text: string) => ({
  Page: function Page() {
    return <p>{text}</p>;
  },
});

function render(routes: RouteObject[], path: string): string {
  function Routes() {
    return useRoutes(routes);
  }
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Routes />
    </MemoryRouter>,
  );
}

test('a preloaded page renders on the first render, without suspending', async () => {
  const route = () => [
    {
      path: 'tag/:id',
      ...lazyRoute(
        async () => page('the chip'),
        (m) => m.Page,
      ),
    },
  ];
  assert.doesNotMatch(render(route(), '/tag/1'), /the chip/, 'not preloaded: the empty fallback');
  const preloaded = route();
  await preloadRoutes(preloaded, '/tag/1');
  assert.match(render(preloaded, '/tag/1'), /<p>the chip<\/p>/);
});

test('preloadRoutes loads the chunks of the matching routes only, and leaves failures to the page', async () => {
  const loaded: string[] = [];
  const load =
    (name: string, fail = false) =>
    async () => {
      loaded.push(name);
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return page(name);
    };
  const routes: RouteObject[] = [
    { path: 'tag/:id', ...lazyRoute(load('chip'), (m) => m.Page) },
    {
      ...lazyRoute(load('layout'), (m) => m.Page),
      children: [
        { path: 'login', ...lazyRoute(load('login'), (m) => m.Page) },
        { path: 'broken', ...lazyRoute(load('broken', true), (m) => m.Page) },
      ],
    },
  ];
  await preloadRoutes(routes, '/login');
  assert.deepEqual(loaded.sort(), ['layout', 'login']);
  await preloadRoutes(routes, '/login');
  assert.deepEqual(loaded.sort(), ['layout', 'login'], 'each chunk once');
  await preloadRoutes(routes, '/broken');
  assert.deepEqual(loaded.sort(), ['broken', 'layout', 'login']);
  await preloadRoutes(routes, '/nowhere');
  assert.equal(loaded.length, 3);
});
