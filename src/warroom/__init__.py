"""warroom: play and simulate war-strategy tabletop games."""

__version__ = "0.1.0"
