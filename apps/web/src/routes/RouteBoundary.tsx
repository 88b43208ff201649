import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './RouteError.js';

interface State {
  error: unknown;
  /** The path the error happened on: another path renders its page again. */
  path: string | null;
}

class Boundary extends Component<{ path: string; children: ReactNode }, State> {
  override state: State = { error: null, path: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: { path: string }, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.path === null) return { path: props.path };
    return state.path === props.path ? null : { error: null, path: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * The error boundary of a group of routes: an error while rendering (a script chunk that could not
 * load, a bug) shows RouteError in its place; navigating to another path tries again.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}
