DROP TABLE IF EXISTS review_stats;
DROP TABLE IF EXISTS review_reports;
DROP TABLE IF EXISTS reviews;
