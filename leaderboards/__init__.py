"""Daily and all-time leaderboards (coming in a later issue)."""
