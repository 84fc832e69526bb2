DROP TABLE IF EXISTS package_credit_uses;
DROP TABLE IF EXISTS package_purchases;
DROP TABLE IF EXISTS packages;
