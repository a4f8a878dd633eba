"""Hand entry: what every kind shares (flow.py, hand.py), one module per kind, and start.py, which picks a kind."""
