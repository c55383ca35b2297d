"""Tessen: two players hunt animals at the same time, in real time."""
