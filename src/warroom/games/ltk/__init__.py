"""Legends of the Three Kingdoms (三国杀): the standard role game for 2-10 players."""
