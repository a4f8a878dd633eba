"""Screens open only now and then, loaded while open (firmware/ui/lazy.py)."""
