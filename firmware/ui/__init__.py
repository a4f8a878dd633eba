"""The user interface: a pure state machine of screens (no hardware, no sleeping)."""
