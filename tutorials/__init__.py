"""Learning to play: the course, its lessons and exercises (coming in a later issue)."""
