DROP TABLE deposits;
