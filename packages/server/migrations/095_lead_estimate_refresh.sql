-- The estimate's figures changed (issue 28: every figure sourced but three; no factor for the
-- construction system, materials, roof design, wall type or zone; licence times from Doing Business),
-- so the estimates stored on leads (migration 090) no longer match the PDF, which is recomputed from
-- the report, and name drivers the console no longer labels. Cleared here; `npm run
-- backfill:estimates`, run once after deploying (docs/estimate.md), gives each lead today's estimate.
update lead set estimate = null, value_usd = null where estimate is not null;
