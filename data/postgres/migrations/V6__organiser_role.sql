-- V6: the role whose members may organise the server's tournaments (issue 31), beside Manage
-- Server; named by an admin (/tournament organisers). NULL: no role, Manage Server alone.
ALTER TABLE guild_settings ADD COLUMN organiser_role bigint CHECK (organiser_role IS NULL OR organiser_role > 0);
