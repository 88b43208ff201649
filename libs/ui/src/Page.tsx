import type { HTMLAttributes, ReactNode } from 'react';

export interface PageProps extends HTMLAttributes<HTMLElement> {
  children?: ReactNode;
}

/**
 * The centred content column (at most 585px wide, spec section 9). A `<section>`: the layout around
 * it owns the page's one `<main>` (issue #30 found two on the search page).
 */
export function Page({ className, ...props }: PageProps) {
  return <section className={['mt-page', className].filter(Boolean).join(' ')} {...props} />;
}

/** A 350px card (spec section 9), shrinking on narrow screens. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={['mt-card', className].filter(Boolean).join(' ')} {...props} />;
}
