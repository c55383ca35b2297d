"""Kasl: the territory game of 2-4 lords, dice battles, the black plague and secret missions."""
