"""Learning to play: the course of lessons and exercises at /learn/, and progress through it."""
