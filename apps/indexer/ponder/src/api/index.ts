// Ponder requires an API module. Readers use the stable SQL views in schema `chain` (see
// @metatag/chain-index), so the HTTP server only serves Ponder's own /health, /ready, /status and
// /metrics.
import { Hono } from 'hono';

export default new Hono();
