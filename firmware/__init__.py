"""Rödskägg scorekeeper: everything that runs on the device."""
