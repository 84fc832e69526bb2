-- The vendor health score (catalog/health.go; computed by the shop's chore from
-- its orders of the last 90 days): health_score 0..100 (NULL until first
-- computed), health_details the factors (JSON), health_at when. health_weight
-- (0043) follows the score for search ranking.
ALTER TABLE shop_stores ADD COLUMN health_score INTEGER CHECK (health_score IS NULL OR (health_score >= 0 AND health_score <= 100));
ALTER TABLE shop_stores ADD COLUMN health_details TEXT NOT NULL DEFAULT '{}';
ALTER TABLE shop_stores ADD COLUMN health_at TIMESTAMP;
