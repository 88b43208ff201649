import { Component, type ReactNode } from 'react';

/**
 * Renders nothing instead of a failed optional part (e.g. the header's wallet items when their
 * chunk cannot load): the page itself reports chunk failures.
 */
export class QuietErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
