import { z } from 'zod';

/** `GET /json/search?q=` (issue #20). */
export const searchQuery = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q is required').max(100, 'q is too long'),
});

export type SearchKind = 'chip' | 'link' | 'token' | 'template' | 'collection' | 'transaction';

/** One result: what it is, what to show, and where it leads (a path of this app). */
export interface SearchHit {
  kind: SearchKind;
  title: string;
  detail: string;
  path: string;
  score: number;
}

export interface SearchGroup {
  kind: SearchKind;
  hits: SearchHit[];
}

/** Results grouped by kind, the group with the best hit first. */
export interface SearchReply {
  query: string;
  groups: SearchGroup[];
}
