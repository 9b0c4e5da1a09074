-- V5: each person's own choices, whatever the server: for now whether their private messages
-- (hand, /table, /scores) show pictures beside the text. A person never asked has no row.
CREATE TABLE user_preferences (
    user_id    INTEGER PRIMARY KEY,
    pictures   INTEGER NOT NULL CHECK (pictures IN (0, 1)),
    updated_at REAL NOT NULL
);
