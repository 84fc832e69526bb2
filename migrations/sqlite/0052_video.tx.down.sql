DROP TABLE IF EXISTS video_rooms;
