ALTER TABLE shop_stores DROP COLUMN health_at;
ALTER TABLE shop_stores DROP COLUMN health_details;
ALTER TABLE shop_stores DROP COLUMN health_score;
