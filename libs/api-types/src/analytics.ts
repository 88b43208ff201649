import { z } from 'zod';
import { daySchema } from './validation.js';

/** `GET /json/analytics/template/{nftId}` and its `scans.csv`: an inclusive range of UTC days. */
export const analyticsQuery = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
});

/** The scan analytics of a template (issue #20): see libs/events analytics.ts for each field. */
export interface ScanAnalytics {
  from: string;
  to: string;
  totals: {
    scans: number;
    firstScans: number;
    repeatScans: number;
    chiplinks: number;
    countries: number;
    cities: number;
    refused: { invalid: number; replayed: number };
    mints: number;
    /** Chips whose taps showed an open or opened TagTamper seal (issue #26). */
    tamperedChips: number;
    /** Taps whose read counter jumped more than their batch's threshold. */
    counterJumps: number;
  };
  perDay: { day: string; scans: number; firstScans: number; refused: number; mints: number }[];
  countries: { country: string; scans: number }[];
  cities: { city: string; country: string; scans: number; lat: number | null; lon: number | null }[];
  /** Chips with an open/opened seal or a counter jump in the range, latest first. */
  flaggedChips: { chiplinkId: string; tamper: string | null; counterJumps: number }[];
}
