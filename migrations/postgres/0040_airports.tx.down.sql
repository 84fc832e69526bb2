DROP TABLE airports;
