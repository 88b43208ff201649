import './notFound.css';

/** Any path without a page (spec section 2). The text is part of the spec. */
export function NotFound() {
  return (
    <p className="not-found" data-testid="not-found">
      404 not found yet
    </p>
  );
}
