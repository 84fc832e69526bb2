DROP TABLE practice_overrides;
DROP TABLE practice_offerings;
DROP TABLE practice_media;
DROP TABLE practice_tags;
DROP TABLE practice_providers;
