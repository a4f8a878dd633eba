"""Drawings generated from the code: wiring, the enclosure, the font art, the screenshot gallery."""
